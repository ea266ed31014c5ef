/**
 * Editing an item's value, demand, trend and notes: the notation values are written in, one number for
 * a value and its default variant, who may edit, refusals that change nothing, and the public change log.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { items } from '@/features/catalog/tables'
import { changeLogResponseSchema } from '@/features/value-ops/contract'
import { errorOf, send } from '@/test/accounts'
import {
  admin,
  detail,
  editor,
  itemRow,
  list,
  newItem,
  otherEditor,
  patch,
  rows,
  setUpEditorApp,
  t,
  user,
} from './editor-test-setup'

describe('value editor API', () => {
  setUpEditorApp()

  it('an editor changes value, demand, trend and notes with a reason: one change record, a history point, the list and the log', async () => {
    const { id } = await newItem({ value: 1000 })
    const res = await patch(
      'blox-fruits',
      id,
      { value: 1120, demand: 8, trend: 'Rising', notes: 'Sought after', reason: 'Trades at 1.1K now' },
      editor,
    )
    expect(res.status, await res.clone().text()).toBe(200)
    expect(await res.json()).toEqual({ changed: true })

    const records = await rows('blox-fruits', id)
    expect(records).toHaveLength(2) // the item's first point, and this change
    expect(records[1]).toMatchObject({
      oldValue: 1000,
      newValue: 1120,
      source: 'editor',
      reason: 'Trades at 1.1K now',
      fields: {
        demand: { old: null, new: 8 },
        trend: { old: null, new: 'Rising' },
        notes: { old: null, new: 'Sought after' },
      },
    })
    const page = await detail('blox-fruits', id)
    expect(page.item).toMatchObject({ value: 1120, demand: 8, trend: 'Rising', notes: 'Sought after' })
    expect(page.item.valueSource).toBe('editor')
    expect(page.history.map((p) => p.newValue)).toEqual([1000, 1120])
    const row = (await list('blox-fruits', `&search=${encodeURIComponent(page.item.name)}`)).items[0]
    expect(row?.lastChange?.percent).toBe(12)

    const log = changeLogResponseSchema.parse(
      await (await send(t, '/api/changes?game=blox-fruits&source=editor')).json(),
    )
    expect(log.changes[0]).toMatchObject({
      itemId: id,
      oldValue: 1000,
      newValue: 1120,
      percent: 12,
      reason: 'Trades at 1.1K now',
      by: `editor_${process.pid.toString(36)}`,
      source: 'editor',
    })
  })

  it('takes values in the notation the site shows ("700M", "1.5K", "2Sx", "640,000,000") as well as numbers', async () => {
    const { id } = await newItem({ value: '1.5K', inGamePrice: '2,500' })
    expect(await itemRow('blox-fruits', id)).toMatchObject({ value: 1500, inGamePrice: 2500 })
    for (const [given, stored] of [
      ['700M', 700_000_000],
      ['1.5b', 1_500_000_000],
      ['2Sx', 2e21],
      ['640,000,000', 640_000_000],
      [3_910_000_000, 3_910_000_000],
    ] as const) {
      const res = await patch('blox-fruits', id, { value: given, reason: 'Traders pay this' }, editor)
      expect(res.status, String(given)).toBe(200)
      expect((await itemRow('blox-fruits', id))?.value, String(given)).toBe(stored)
    }
    const bad = await patch('blox-fruits', id, { value: '700 million', reason: 'r' }, editor)
    expect(bad.status).toBe(400)
    expect((await errorOf(bad)).fields?.value).toMatch(/"million" is not a value suffix/)
    expect((await itemRow('blox-fruits', id))?.value).toBe(3_910_000_000)
  })

  it('an item holds one number for its value and its default variant (Physical fruit), whichever write gives it', async () => {
    /** The stored row never holds the default variant; the pages read it as the value. */
    const oneNumber = async (id: string) => {
      const row = await itemRow('blox-fruits', id)
      expect(row?.variants && Object.hasOwn(row.variants, 'physical')).toBe(false)
      const { item } = await detail('blox-fruits', id)
      expect(item.variants?.physical).toBe(item.value)
      return item
    }
    const { id } = await newItem({ value: '640M', variants: { physical: '640M', permanent: '6.24B' } })
    expect(await oneNumber(id)).toMatchObject({
      value: 640_000_000,
      variants: { physical: 640_000_000, permanent: 6_240_000_000 },
    })
    // The value editor sets the value: the Physical fruit value is the same number.
    expect(
      (await patch('blox-fruits', id, { value: '700M', reason: 'Kitsune trades up' }, editor)).status,
    ).toBe(200)
    expect((await oneNumber(id)).value).toBe(700_000_000)
    // A client sending back the variants it read (the old Physical fruit value) with a new value: the value.
    const echo = { physical: 700_000_000, permanent: 7e9 }
    expect(
      (await patch('blox-fruits', id, { value: '750M', variants: echo, reason: 'r' }, editor)).status,
    ).toBe(200)
    expect(await oneNumber(id)).toMatchObject({ value: 750_000_000, variants: { permanent: 7e9 } })
    // Only the Physical fruit value given: it is the value.
    const variantOnly = { variants: { physical: '800M', permanent: 7e9 }, reason: 'r' }
    expect((await patch('blox-fruits', id, variantOnly, editor)).status).toBe(200)
    expect((await oneNumber(id)).value).toBe(800_000_000)
    // Two different new numbers for the one value: a 400 that changes nothing.
    const records = (await rows('blox-fruits', id)).length
    const two = await patch(
      'blox-fruits',
      id,
      { value: 900_000_000, variants: { physical: 850_000_000 }, reason: 'r' },
      editor,
    )
    expect(two.status).toBe(400)
    expect((await errorOf(two)).message).toBe(
      'value and variants.physical are one number: give it once, as value',
    )
    expect((await oneNumber(id)).value).toBe(800_000_000)
    expect(await rows('blox-fruits', id)).toHaveLength(records)
    // A bulk update sets the value: still one number.
    const bulk = await send(t, '/api/admin/items/blox-fruits/bulk', {
      body: { csv: `${id},"1,000,000,000"`, reason: 'Weekly values', dryRun: false },
      cookie: editor,
    })
    expect(bulk.status).toBe(200)
    expect((await oneNumber(id)).value).toBe(1e9)
  })

  it('a save that changes nothing writes nothing', async () => {
    const { id } = await newItem({ value: 500 })
    const res = await patch('blox-fruits', id, { value: 500, reason: 'Checked' }, editor)
    expect(await res.json()).toEqual({ changed: false })
    expect(await rows('blox-fruits', id)).toHaveLength(1)
  })

  it('refuses visitors (401), users (403) and editors of another game (403); admins edit every game', async () => {
    const body = { value: 1, reason: 'x' }
    expect((await patch('blox-fruits', 'kitsune', body)).status).toBe(401)
    expect((await patch('blox-fruits', 'kitsune', body, user)).status).toBe(403)
    const other = await patch('blox-fruits', 'kitsune', body, otherEditor)
    expect(other.status).toBe(403)
    expect((await errorOf(other)).message).toBe('Only value editors of Blox Fruits can do this.')
    for (const path of [
      '/api/admin/items/blox-fruits',
      '/api/admin/items/blox-fruits/bulk',
      '/api/admin/items/blox-fruits/kitsune/retire',
      '/api/admin/items/blox-fruits/kitsune/image',
    ]) {
      expect((await send(t, path, { body: {} })).status, path).toBe(401)
      expect((await send(t, path, { body: {}, cookie: user })).status, path).toBe(403)
      expect((await send(t, path, { body: {}, cookie: otherEditor })).status, path).toBe(403)
    }
    const { id } = await newItem()
    expect((await patch('blox-fruits', id, { demand: 3, reason: 'Admin check' }, admin)).status).toBe(200)
    expect((await patch('fisch', 'nope-not-an-item', { demand: 3, reason: 'x' }, admin)).status).toBe(404)
    expect((await patch('no-such-game', 'x', { demand: 3, reason: 'x' }, admin)).status).toBe(404)
  })

  it('bad values, demand, trend and reasons are a 400 naming the problem, and change nothing', async () => {
    const { id } = await newItem({ value: 700 })
    const cases: [unknown, RegExp][] = [
      [{ value: -1, reason: 'r' }, /value cannot be negative/],
      [{ value: true, reason: 'r' }, /value must be a number/],
      [{ value: 'lots', reason: 'r' }, /^value: "lots" is not a value\. A number, or with a suffix/],
      [{ value: '7X', reason: 'r' }, /^value: "X" is not a value suffix: use K, M, B/],
      [{ value: '2Dc', reason: 'r' }, /value must be at most 1e30/],
      [{ value: '-5M', reason: 'r' }, /value cannot be negative/],
      [{ variants: { permanent: '1.2.3' }, reason: 'r' }, /is not a value/],
      [{ demand: 11, reason: 'r' }, /demand must be from 0 to 10/],
      [{ trend: 'Sideways', reason: 'r' }, /trend must be one of Rising/],
      [{ value: 800 }, /Give a reason for this change/],
      [{ value: 800, reason: '   ' }, /Give a reason for this change/],
      [{ value: 800, reason: 'r'.repeat(501) }, /reason must be 500 characters or less/],
      [{ reason: 'only a reason' }, /Change at least one field/],
      [{ value: 800, reason: 'r', colour: 'red' }, /colour/],
    ]
    for (const [body, message] of cases) {
      const res = await patch('blox-fruits', id, body, editor)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect((await errorOf(res)).message, JSON.stringify(body)).toMatch(message)
    }
    for (const raw of ['{"value":1e309,"reason":"r"}', '{"value":NaN,"reason":"r"}']) {
      const res = await t.app.request(`/api/admin/items/blox-fruits/${id}`, {
        method: 'PATCH',
        headers: { origin: 'http://localhost:3000', cookie: editor, 'content-type': 'application/json' },
        body: raw,
      })
      expect(res.status, raw).toBe(400)
    }
    expect(await rows('blox-fruits', id)).toHaveLength(1)
    expect((await itemRow('blox-fruits', id))?.value).toBe(700)
  })

  it('an item’s name, other names and labels with control characters (line break, escape code, U+202E) are a 400, and change nothing', async () => {
    const { id, name } = await newItem({ value: 900 })
    const before = await t.database.db.select().from(items).where(eq(items.gameId, 'blox-fruits'))
    for (const bad of ['Evil\r\nFruit', 'Evil\u001b[31mFruit', 'Evil\u202etiurF']) {
      const created = await send(t, '/api/admin/items/blox-fruits', {
        body: { name: bad, value: 1, reason: 'A new fruit' },
        cookie: editor,
      })
      expect(created.status, JSON.stringify(bad)).toBe(400)
      expect((await errorOf(created)).message).toBe('name: name cannot contain control characters')
      const cases: [Record<string, unknown>, string][] = [
        [{ name: bad }, 'name: name cannot contain control characters'],
        [{ aliases: ['Fine', bad] }, 'aliases.1: an alias cannot contain control characters'],
        [{ rarity: bad }, 'rarity: rarity cannot contain control characters'],
        [{ category: bad }, 'category: category cannot contain control characters'],
      ]
      for (const [fields, message] of cases) {
        const res = await patch('blox-fruits', id, { ...fields, reason: 'Renamed' }, editor)
        expect(res.status, JSON.stringify(fields)).toBe(400)
        expect((await errorOf(res)).message).toBe(message)
      }
    }
    expect(await t.database.db.select().from(items).where(eq(items.gameId, 'blox-fruits'))).toEqual(before)
    expect((await detail('blox-fruits', id)).item.name).toBe(name)
    expect(await rows('blox-fruits', id)).toHaveLength(1)
  })

  it('the change log filters by game and source, pages, and refuses an unknown filter', async () => {
    const { id } = await newItem({ value: 400 })
    await patch('blox-fruits', id, { value: 300, reason: 'Dropping' }, editor)
    const log = async (query: string) => {
      const res = await send(t, `/api/changes${query}`)
      expect(res.status, query).toBe(200)
      return changeLogResponseSchema.parse(await res.json())
    }
    const all = await log('')
    expect(all.changes[0]).toMatchObject({ itemId: id, percent: -25, source: 'editor' })
    expect(all.changes.every((c) => c.source !== 'catalog')).toBe(true)
    expect((await log('?game=fisch')).changes.every((c) => c.gameId === 'fisch')).toBe(true)
    expect((await log('?source=official-rap')).changes.every((c) => c.source === 'official-rap')).toBe(true)
    expect((await log('?page=2')).page).toBe(2)
    for (const bad of ['?game=roblox', '?source=rumour', '?page=0', '?colour=red']) {
      expect((await send(t, `/api/changes${bad}`)).status, bad).toBe(400)
    }
  })
})
