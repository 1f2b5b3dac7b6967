export * from './authService'
