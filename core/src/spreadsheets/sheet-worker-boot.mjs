// Worker threads do not inherit tsx's loader on Node 20: load the TypeScript body through tsx's API.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.entry, import.meta.url);
