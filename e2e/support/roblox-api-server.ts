// Roblox's users and thumbnails APIs for the browser tests (src/test/roblox-api.ts on ROBLOX_API_PORT): the
// app's ROBLOX_USERS_API_URL and ROBLOX_THUMBNAILS_API_URL point here. Journeys add Roblox users and write
// their About through its control routes (e2e/support/roblox.ts); headshots stay pending, so no page loads
// an image from Roblox's host.
import { startRobloxApi } from '../../src/test/roblox-api'

await startRobloxApi({ port: Number(process.env.ROBLOX_API_PORT ?? 2530), control: true, noHeadshots: true })
