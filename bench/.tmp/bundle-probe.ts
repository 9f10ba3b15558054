import { buildApp } from '../bundle';
const app = await buildApp(process.cwd(), '/tmp/h9bp');
for (const d of app.dependencies) console.info((d.gzip / 1024).toFixed(1).padStart(6), d.name, d.chunks.join(','));
for (const [url, mods] of app.chunkModules) console.info(url, (app.gzipByUrl.get(url)! / 1024).toFixed(1), mods.slice(0, 8).map((m) => `${m.name}:${(m.raw / 1024).toFixed(0)}`).join(' '));
