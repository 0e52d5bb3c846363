// Loaded `async` by popup/index.html before the popup's modules: asks for the status at once (src/ui/early.ts).
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { askStatusEarly } from '../src/ui/early';

export default defineUnlistedScript(() => askStatusEarly());
