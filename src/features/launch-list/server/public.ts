/** What other features may use of the launch list (lint refuses any other import of its files). */

/** Tables others may join on (read): published here, typed, so a renamed column fails their type check. */
export { launchSubscribers } from '../tables'
export { subscriberVerified } from './hooks'
export { countSubscribers, isVerifiedSubscriber, ogMembersOf } from './service'
