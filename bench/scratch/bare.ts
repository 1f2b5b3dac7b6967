console.log('tsx bare', Math.round(process.memoryUsage().rss/2**20))
