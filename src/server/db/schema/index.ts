export * from './catalog'
export * from './launch-list'
export * from './mail'
export * from './rate-limits'
