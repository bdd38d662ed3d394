#!/usr/bin/env node
// `npm run dev` (docs/console.md#development): the API with tsx in watch mode on PORT (8080), and
// the console on Vite's dev server (http://127.0.0.1:5173) with hot reload, passing the API's paths
// to the first. The client's types are generated once at the start (npm run build does it too).
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/cli.ts', 'serve'], { stdio: 'inherit' }),
  spawn('npx', ['vite', '--config', 'console/vite.config.ts'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
