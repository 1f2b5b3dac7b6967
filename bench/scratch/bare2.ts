import '../../e2e/harness/server'; globalThis.gc?.(); console.log('tsx + harness modules', Math.round(process.memoryUsage().rss/2**20), Math.round(process.memoryUsage().heapUsed/2**20))
