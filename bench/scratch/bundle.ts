import { buildServicesHost } from '../lib/buildApp'
console.log(await buildServicesHost())
