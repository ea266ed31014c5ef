/**
 * The bulk update: a CSV of values for many items, shown as a dry run, then applied in one transaction
 * or not at all.
 */
import { describe, expect, it } from 'vitest'
import { bulkResponseSchema, VALUE_MESSAGES } from '@/features/value-ops/contract'
import { errorOf, send } from '@/test/accounts'
import { editor, itemRow, newItem, rows, setUpEditorApp, t } from './editor-test-setup'

describe('value editor API', () => {
  setUpEditorApp()

  describe('bulk update', () => {
    const bulk = (csv: string, dryRun: boolean, cookie = editor) =>
      send(t, '/api/admin/items/blox-fruits/bulk', { body: { csv, reason: 'Weekly values', dryRun }, cookie })

    it('a dry run lists changed, unchanged, unknown and invalid rows with their lines, and changes nothing', async () => {
      const a = await newItem({ value: 100 })
      const b = await newItem({ value: 200 })
      const csv = [
        'id,value,demand,trend',
        `${a.id},150,6,Overpaid For`,
        `${b.id},200`,
        'no-such-fruit,5',
        `${a.id},1`,
        'Bad Id,1',
        `${b.id},-3`,
        `${b.id},12,11`,
        `${b.id},12,5,Sideways`,
        'only-an-id',
      ].join('\n')
      const res = await bulk(csv, true)
      expect(res.status, await res.clone().text()).toBe(200)
      const diff = bulkResponseSchema.parse(await res.json())
      expect(diff.applied).toBe(false)
      expect(diff.changed).toEqual([
        {
          line: 2,
          id: a.id,
          name: a.name,
          old: { value: 100, demand: null, trend: null },
          new: { value: 150, demand: 6, trend: 'Overpaid' },
        },
      ])
      expect(diff.unchanged).toEqual([{ line: 3, id: b.id }])
      expect(diff.unknown).toEqual([{ line: 4, id: 'no-such-fruit' }])
      expect(diff.invalid.map((r) => r.line)).toEqual([5, 6, 7, 8, 9, 10])
      expect(diff.invalid[0]?.problem).toBe(`${a.id} is already on line 2`)
      expect((await itemRow('blox-fruits', a.id))?.value).toBe(100)
    })

    it('applies every row in one transaction with one reason, or none when any row is wrong', async () => {
      const a = await newItem({ value: 100 })
      const b = await newItem({ value: 200 })
      const refused = await bulk(`${a.id},110\n${b.id},abc`, false)
      expect(refused.status).toBe(400)
      expect((await errorOf(refused)).message).toMatch(
        /^Nothing was applied.*line 2: value: "abc" is not a value/,
      )
      expect((await itemRow('blox-fruits', a.id))?.value).toBe(100)

      const applied = bulkResponseSchema.parse(
        await (await bulk(`${a.id},110,7\r\n${b.id},"250"\n`, false)).json(),
      )
      expect(applied.applied).toBe(true)
      expect(applied.changed.map((c) => c.id)).toEqual([a.id, b.id])
      expect((await itemRow('blox-fruits', a.id))?.demand).toBe(7)
      expect((await itemRow('blox-fruits', b.id))?.value).toBe(250)
      const records = await rows('blox-fruits', b.id)
      expect(records.at(-1)).toMatchObject({
        oldValue: 200,
        newValue: 250,
        reason: 'Weekly values',
        source: 'editor',
      })
    })

    it('reads values in the notation the site shows, quoted cells with commas too; a bad one names its line', async () => {
      const a = await newItem({ value: 100 })
      const b = await newItem({ value: 200 })
      const c = await newItem({ value: 300 })
      const csv = `id,value\n${a.id},1.5K\n${b.id},"2,500,000",7,Rising\n${c.id}, 3.91b `
      const dry = bulkResponseSchema.parse(await (await bulk(csv, true)).json())
      expect(dry.invalid).toEqual([])
      expect(dry.changed.map((r) => r.new.value)).toEqual([1500, 2_500_000, 3_910_000_000])
      const bad = await bulk(`${a.id},2K\n${b.id},7X\n${c.id},"1,5"`, true)
      expect(bad.status).toBe(200)
      expect((await bad.json()).invalid).toEqual([
        {
          line: 2,
          problem: 'value: "X" is not a value suffix: use K, M, B, T, Qa, Qi, Sx, Sp, Oc, No or Dc',
        },
        {
          line: 3,
          problem: expect.stringMatching(/^value: "1,5" is not a value\. A number, or with a suffix/),
        },
      ])
      const refused = await bulk(`${a.id},2K\n${b.id},7X`, false)
      expect(refused.status).toBe(400)
      expect(await itemRow('blox-fruits', a.id)).toMatchObject({ value: 100 })
      expect(bulkResponseSchema.parse(await (await bulk(csv, false)).json()).applied).toBe(true)
      expect(await itemRow('blox-fruits', b.id)).toMatchObject({
        value: 2_500_000,
        demand: 7,
        trend: 'Rising',
      })
      expect((await itemRow('blox-fruits', c.id))?.value).toBe(3_910_000_000)
    })

    it('a trend named like a built-in property (__proto__, constructor, toString) is an unknown trend: 400 naming the row, nothing stored', async () => {
      const a = await newItem({ value: 100 })
      const b = await newItem({ value: 200 })
      for (const trend of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
        const csv = `${a.id},150\n${b.id},250,5,${trend}`
        const dry = await bulk(csv, true)
        expect(dry.status, trend).toBe(200)
        expect((await dry.json()).invalid, trend).toEqual([{ line: 2, problem: `unknown trend "${trend}"` }])
        const applied = await bulk(csv, false)
        expect(applied.status, trend).toBe(400)
        expect((await errorOf(applied)).message, trend).toBe(
          `${VALUE_MESSAGES.bulkNotApplied} (line 2: unknown trend "${trend}")`,
        )
      }
      expect(await itemRow('blox-fruits', a.id)).toMatchObject({ value: 100, trend: null })
      expect(await itemRow('blox-fruits', b.id)).toMatchObject({ value: 200, demand: null, trend: null })
      expect(await rows('blox-fruits', b.id)).toHaveLength(1)
    })

    it('an empty or huge CSV and a missing reason are refused', async () => {
      expect((await bulk('', true)).status).toBe(400)
      const noReason = await send(t, '/api/admin/items/blox-fruits/bulk', {
        body: { csv: 'kitsune,1', dryRun: true },
        cookie: editor,
      })
      expect((await errorOf(noReason)).message).toContain(VALUE_MESSAGES.reasonRequired)
      expect((await bulk('x'.repeat(600 * 1024), true)).status).toBe(400)
      expect((await bulk('x'.repeat(1200 * 1024), true)).status).toBe(413)
    })
  })
})
