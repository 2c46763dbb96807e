/** Types of web-build.mjs (plain JavaScript, run by `npm start` before any TypeScript loader). */
export const ROOT: string;
export function webBuildIsStale(): boolean;
export function ensureWebBuild(options?: { log?: (line: string) => void }): boolean;
