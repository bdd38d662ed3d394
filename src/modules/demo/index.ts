/** The demo data set, added by the command line through the whole app (see demo-data.ts). */
export { createDemoData, DEMO_DATA_REQUESTS, type DemoProgress } from './demo-data.js';
