import { build } from 'vite';
const r = await build({ root: process.cwd(), logLevel: 'silent', build: { outDir: '/tmp/h9ids', emptyOutDir: true, write: false } });
for (const out of (Array.isArray(r) ? r : [r]) as { output: { type: string; fileName: string; modules?: Record<string, { renderedLength: number }> }[] }[]) for (const c of out.output) if (c.type === 'chunk' && /index|i18n/.test(c.fileName)) for (const [id, m] of Object.entries(c.modules!)) if (m.renderedLength > 3000) console.info(c.fileName, (m.renderedLength / 1024).toFixed(0), id.replace(process.cwd(), ''));
