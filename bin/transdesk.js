#!/usr/bin/env node
// Entry point of the `transdesk` command: runs the compiled CLI (built by `npm install` through `prepare`).
import '../dist/cli.js';
