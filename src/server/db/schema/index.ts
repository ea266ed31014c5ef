export * from './catalog'
