// Imported first by the popup's entry (entrypoints/popup/main.tsx): reads the status snapshot while the
// rest of the popup's script evaluates (./early).
import { askStatusEarly } from './early';

askStatusEarly();
