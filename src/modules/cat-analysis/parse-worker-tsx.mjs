// Loads the TypeScript worker through tsx when the app runs from src/ (tests, `npm run dev`); the
// built app (dist/) runs parse-worker.js directly and never loads this file.
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./parse-worker.ts', import.meta.url);
export default worker.default;
