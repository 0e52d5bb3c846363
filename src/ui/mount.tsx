import { type ComponentType, render } from 'preact';
import './styles.css';
import { uiLocale } from './i18n';

/** Renders a page component into #app (the element every extension page's index.html provides). */
export function mount(Page: ComponentType): void {
  const root = document.getElementById('app');
  if (!root) throw new Error('#app element missing');
  // The page's language is the words' (./i18n.ts): screen readers pronounce it so, and it is what the
  // browser hyphenates and picks fonts by.
  document.documentElement.lang = uiLocale();
  render(<Page />, root);
}
