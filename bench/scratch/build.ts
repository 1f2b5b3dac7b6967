import { buildApp } from '../lib/buildApp'
const t = performance.now()
console.log(await buildApp(), Math.round(performance.now() - t))
