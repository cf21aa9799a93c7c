// `node --import` this after tsx: every module the process loads is appended, as its URL, to LOADED_MODULES_FILE.
import { register } from 'node:module';

register(new URL('./loadedModulesHooks.mjs', import.meta.url), { data: { file: process.env.LOADED_MODULES_FILE } });
