/** What the shell may use of the site feed (lint refuses any other import of its files). */
export { FeedSwitch } from './components/feed-switch'
export { SiteFeed } from './site-feed'
