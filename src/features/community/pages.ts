import { definePages } from '@/shared/page-info'

/** The pages of this feature: their titles and descriptions, read by the server's head and the router. */
export const PAGES = definePages([
  {
    path: '/join-server',
    title: 'Join our Discord server',
    description: 'Join the TradeHub trading community on Discord.',
    section: 'Community',
  },
  {
    path: '/invite-bot',
    title: 'Invite the Discord bot',
    description: 'Add the TradeHub bot to your Discord server: values, trade checks and restock posts.',
    section: 'Community',
  },
])
