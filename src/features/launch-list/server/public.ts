/** What other features may use of the launch list (lint refuses any other import of its files). */
export { countSubscribers, isVerifiedSubscriber } from './service'
