import { spawn } from 'node:child_process';

// The API and the identity emulator restart on server changes; Vite hot-reloads the site and proxies to them.
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], { stdio: 'inherit', env: { NODE_ENV: 'development', LOOPBACK_PRINTER_PORT: '9100', ...process.env } }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];
const stopAll = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
children.forEach((child) => child.on('exit', (code) => { stopAll(); process.exitCode = code ?? 0; }));
