import type { GameId } from '@/shared/games'

/** The guides the section starts with, written by the site from its own rules (seeded once, by slug). */
export const STARTING_GUIDES: readonly { slug: string; title: string; game: GameId | null; body: string }[] =
  [
    {
      slug: 'trading-safely',
      title: 'Trading safely',
      game: null,
      body: `Most lost items are not lost to bad values but to scams. These habits protect every trade you make on TradeHub, in any game.

## Use the game's trade window

The game's own trade window swaps both sides at the same moment, so nobody has to go first. Read the final screen before you confirm: a common trick is to swap an item for a look-alike or remove one at the last second. Record your screen or take screenshots that show the other player's username.

## Give-first scams

"You go first, I'll send mine right after" is the oldest scam in trading. So is the "trust trade" that tests whether you trust someone. Never send your side and wait for theirs outside the trade window, whatever reason you are given.

## Middlemen

A middleman holds one side's items in the game while the other side delivers. Scammers pose as middlemen, or suggest a "trusted friend" who leaves with the items.

- Only use a middleman listed on the [escrow service](/escrow-service) page. Anyone who says they are a TradeHub middleman and is not on that list is not one.
- On TradeHub, ask for one from the trade itself: once an offer is accepted, either trader taps "Request a middleman", and the middleman who takes it joins your trade's conversation with a "TradeHub middleman" badge nobody else can have.
- TradeHub staff never DM you first, and never ask you to give first outside the flow.
- If someone says they are a TradeHub middleman, type their name in the escrow service page's check box before you trade.

## Fake verification bots

Fake "verification" bots and sites send a link that asks you to sign in to Roblox, or to paste something into your browser. They steal the account.

- No real trade or verification ever needs your password, your two-step code or your .ROBLOSECURITY cookie.
- Never paste code into your browser console and never run a "value checker" someone sends you.
- Verify your Roblox account only on [TradeHub's verification page](/verification): you put a phrase of plain words in your Roblox profile's About, and we check it. We never ask for your password.

## Check the trader

A trader with a Verified badge has proved they own their Roblox account. Read their rating and reviews on their profile before a large trade.

## Report and block

If someone tries any of the above, use **Report** on their ad, offer or profile so our moderators can act, and **Block** to stop their offers and messages. Keep your recordings: they help the moderators decide.
`,
    },
    {
      slug: 'reading-the-wfl-calculator',
      title: 'Reading the WFL calculator',
      game: null,
      body: `The [values and WFL calculator](/values-and-wfl) tells you whether a trade is a Win, Fair or Loss for you, from the values of the items on both sides.

## Build the trade

Add what you give under **You give** and what you receive under **You get**. Each side holds up to 12 items, each with a quantity from 1 to 999. Pick the variant where an item has one; in Grow a Garden, crops take their mutations and weight, and pets their mutation and age.

## Win, Fair or Loss

The calculator adds up each side and compares the difference with the larger side:

- **Fair** when the two sides are within the Fair band of the larger side (±10% unless you choose ±2%, ±5% or ±25%).
- **Win** when you get more than that.
- **Loss** when you give more than that.

For example, giving 1,000 for 1,080 is 7.4% of the larger side: Fair at ±10%, a Win at ±5%.

## Confidence

Values of items with low demand are harder to trade at. When a trade holds an item with a demand of 4 or less out of 10, the confidence drops to medium, and with 2 or less, to low: the items that lowered it are named. An item without a value is not counted, and the calculator says so.

## Blox Fruits' Beli limit

Blox Fruits refuses a trade when the Beli prices of the two sides differ by more than 40% of the larger side. The calculator warns you before you try it in the game.

## Values change

Values come from our value editors and move with the game. Read [how values are set](/how-values-are-set), and when a deal looks too good to be true, ask for a second opinion before you accept.
`,
    },
    {
      slug: 'grow-a-garden-restock-clock',
      title: "Grow a Garden's restock clock",
      game: 'grow-a-garden',
      body: `Grow a Garden's shops restock on a fixed clock, the same for every server. The [Grow a Garden stock tracker](/grow-a-garden-stock) counts down to each one.

## When each shop restocks

| Shop | Restocks |
| --- | --- |
| Seed Shop | every 5 minutes |
| Gear Shop | every 5 minutes |
| Egg Shop | every 30 minutes |
| Event Shop | every hour |
| Cosmetic Shop | every 4 hours |

The clock counts from midnight UTC: the seed and gear shops restock at :00, :05, :10 and so on, the egg shop at :00 and :30 of each hour, the cosmetic shop at 00:00, 04:00, 08:00 UTC and every 4 hours after.

## The Traveling Merchant

The Traveling Merchant is not on a clock: it visits about every 4 hours and stays about 30 minutes. The tracker shows it when a visit is reported.

## Why a rare seed is rare

Each item has a chance to appear in a restock, such as 1 in 210 for a rare seed, and a quantity range. With a restock every 5 minutes, 1 in 210 means about once every 17 h 30 min on average. The item pages show these odds where the game data gives them.

## Alerts

Rather than waiting in game, set an alert for the items you want: the tracker tells you when they are in stock.
`,
    },
    {
      slug: 'blox-fruits-dealer-restock-clock',
      title: "Blox Fruits' dealer restock clock",
      game: 'blox-fruits',
      body: `Blox Fruits sells fruits from two dealers, each restocking on its own clock. The [Blox Fruits stock tracker](/blox-fruits-stock) shows what each one sells now and counts down to the next restock.

## The two dealers

| Dealer | Restocks |
| --- | --- |
| Blox Fruit Dealer | every 4 hours |
| Mirage Dealer | every 2 hours |

The Mirage Dealer (the advanced dealer) restocks twice as often as the normal one, so it is worth checking more often.

## Reading the tracker

Each dealer's stock stays the same until its next restock. The tracker shows the fruits on sale with their Beli prices and the time left; stock managers report each restock, and the page says when its data is old.

## Renamed fruits

Some fruits were renamed: Chop is now Blade, Falcon is Eagle, Rumble is Lightning and Leopard is Tiger.

## Before you buy to trade

A fruit's Beli price is not its trade value. Check it in the [values and WFL calculator](/values-and-wfl) before you buy one to trade it on.
`,
    },
  ]
