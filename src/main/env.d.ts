/// <reference types="electron-vite/node" />
// `?modulePath` imports (src/main/index.ts): electron-vite builds the module and gives its path.
