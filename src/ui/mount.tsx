import { type ComponentType, render } from 'preact';
import './styles.css';

/** Renders a page component into #app (the element every extension page's index.html provides). */
export function mount(Page: ComponentType): void {
  const root = document.getElementById('app');
  if (!root) throw new Error('#app element missing');
  render(<Page />, root);
}
