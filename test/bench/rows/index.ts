// The bench's row registry: every producer by name, in table order (`npm run bench -- <name>` runs a
// few). Add a file in this folder and list it here.
import type { RowProducer } from '../lib';
import { browserRows } from './browser';
import { compareRows } from './compare';
import { coreRows } from './core';
import { historyRows } from './history';
import { scaleBackgroundRows } from './scaleBackground';
import { scaleBrowserRows } from './scaleBrowser';
import { simRows } from './sim';
import { sizeRows } from './size';
import { wakeRows } from './wake';

export const producers: Record<string, RowProducer> = {
  size: sizeRows,
  compare: compareRows,
  browser: browserRows,
  wake: wakeRows,
  core: coreRows,
  sim: simRows,
  history: historyRows,
  'scale-background': scaleBackgroundRows,
  'scale-browser': scaleBrowserRows,
};
