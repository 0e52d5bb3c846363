// Imported first by the window's entry (entrypoints/approve/main.tsx): asks for the request to show while
// the rest of the window's script evaluates (../early).
import { askCurrentEarly } from '../early';

askCurrentEarly();
