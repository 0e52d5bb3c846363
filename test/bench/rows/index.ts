// The bench's row registry: every producer, in table order. Add a file in this folder and list it here.
import type { RowProducer } from '../lib';
import { browserRows } from './browser';
import { compareRows } from './compare';
import { coreRows } from './core';
import { historyRows } from './history';
import { simRows } from './sim';
import { sizeRows } from './size';

export const producers: RowProducer[] = [sizeRows, coreRows, compareRows, simRows, browserRows, historyRows];
