// Loaded `async` by approve/index.html before the window's modules: asks for the request at once (src/ui/early.ts).
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { askCurrentEarly } from '../src/ui/early';

export default defineUnlistedScript(() => askCurrentEarly());
