/**
 * Uploading an avatar: re-encoded and served, refused when it is too big, not an image or a
 * decompression bomb, limited per user, and a storage failure that changes nothing.
 */
import { readdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { crc32 } from 'node:zlib'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { profileSchema } from '@/features/accounts/contract'
import { rateLimits } from '@/platform/server/lib/rate-limit-tables'
import { createMagicLinkUser, errorOf, meOf, send } from '@/test/accounts'
import { TEST_ORIGIN } from '@/test/app'
import { blackPng } from '@/test/images'
import { AVATAR_NOT_SAVED } from './avatar'
import { avatarForm, dataDir, image, profileRows, SIGN_IN, setUpProfilesApp, t } from './routes-test-setup'

/** One app for the profile endpoints: the catalog (for favorites) and a real avatar directory. */
describe('profiles API', () => {
  setUpProfilesApp()

  describe('avatar: POST /api/profile/avatar and /uploads/avatars/:file', () => {
    let cookie: string
    /** Uploads as the signed-in user, or as a visitor when `as` is null. */
    const upload = (form: FormData, as: string | null = cookie) =>
      send(t, '/api/profile/avatar', { body: form, ...(as !== null && { cookie: as }) })
    const avatarFiles = async () =>
      (await readdir(path.join(dataDir, 'uploads', 'avatars')).catch(() => [])).sort()

    beforeAll(async () => {
      ;({ cookie } = await createMagicLinkUser(t, 'painter@example.com'))
    })

    it('re-encodes a PNG to a 256x256 WebP, serves it with long caching, and deletes the previous file', async () => {
      // Avatars other tests left stay as they are; this user's are the files added here.
      const others = await avatarFiles()
      const mine = async () => (await avatarFiles()).filter((file) => !others.includes(file))
      const res = await upload(avatarForm(await image('png', 64, 48), 'image/png', 'me.png'))
      expect(res.status).toBe(200)
      const first = profileSchema.parse(await res.json()).avatarUrl
      expect(first).toMatch(/^\/uploads\/avatars\/[A-Za-z0-9-]+\.webp$/)
      expect((await meOf(t, cookie)).profile.avatarUrl).toBe(first)

      const served = await t.app.request(first!)
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe('image/webp')
      expect(served.headers.get('cache-control')).toMatch(/max-age=31536000/)
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata()
      expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 })
      expect(await mine()).toEqual([path.basename(first!)])

      const second = await upload(avatarForm(await image('jpeg', 300, 500), 'image/jpeg', 'me.jpg'))
      expect(second.status).toBe(200)
      const next = profileSchema.parse(await second.json()).avatarUrl
      expect(next).not.toBe(first)
      expect(await mine()).toEqual([path.basename(next!)])
      expect((await t.app.request(first!)).status).toBe(404)
      expect((await t.app.request(next!)).status).toBe(200)

      const webp = await upload(avatarForm(await image('webp'), 'image/webp', 'me.webp'))
      expect(webp.status).toBe(200)
      expect(await mine()).toHaveLength(1)
    })

    it('refuses a 6 MB upload with 413, whether or not the client says its length', async () => {
      const before = await profileRows(t)
      const files = await avatarFiles()
      const big = avatarForm(new Uint8Array(6 * 1024 * 1024), 'image/png', 'big.png')
      const streamed = await errorOf(await upload(big))
      expect(streamed).toMatchObject({ status: 413, message: 'Avatar must be 5 MB or smaller' })

      const encoded = new Response(big)
      const bytes = await encoded.arrayBuffer()
      const sized = await t.app.request('/api/profile/avatar', {
        method: 'POST',
        headers: {
          origin: TEST_ORIGIN,
          cookie,
          'content-type': encoded.headers.get('content-type')!,
          'content-length': String(bytes.byteLength),
        },
        body: bytes,
      })
      expect(await errorOf(sized)).toMatchObject({ status: 413, message: 'Avatar must be 5 MB or smaller' })

      // Just over 5 MB fits the envelope allowance but not the file limit.
      const justOver = avatarForm(new Uint8Array(5 * 1024 * 1024 + 1), 'image/png', 'over.png')
      expect(await errorOf(await upload(justOver))).toMatchObject({
        status: 413,
        message: 'Avatar must be 5 MB or smaller',
      })
      expect(await profileRows(t)).toEqual(before)
      expect(await avatarFiles()).toEqual(files)
    })

    it('refuses a PNG whose header claims a huge size (a decompression bomb) with a 400', async () => {
      const before = await profileRows(t)
      const files = await avatarFiles()
      const bomb = Buffer.from(await image('png', 1, 1))
      bomb.writeUInt32BE(60_000, 16) // IHDR width
      bomb.writeUInt32BE(60_000, 20) // IHDR height
      bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29)
      const res = await upload(avatarForm(bomb, 'image/png', 'bomb.png'))
      expect(res.status).toBe(400)
      expect(await profileRows(t)).toEqual(before)
      expect(await avatarFiles()).toEqual(files)
    })

    it('refuses, from its header, an avatar over 4096 px a side or longer than 1:8 and stores nothing; 512 × 4096 is taken', async () => {
      const { cookie: owner } = await createMagicLinkUser(t, 'strip-painter@example.com')
      const tooLarge = 'The image must be at most 4096 × 4096 pixels'
      const tooThin =
        'The image is too narrow or too tall: its longer side can be at most 8 times its shorter side'
      const before = await profileRows(t)
      const files = await avatarFiles()
      const cases: [width: number, height: number, message: string][] = [
        [1, 16_000_000, tooLarge],
        [4097, 4000, tooLarge],
        [900, 100, tooThin],
      ]
      for (const [width, height, message] of cases) {
        const res = await upload(avatarForm(blackPng(width, height), 'image/png', 'strip.png'), owner)
        expect(res.status, await res.clone().text()).toBe(400)
        expect(await errorOf(res), `${width} × ${height}`).toMatchObject({
          status: 400,
          message,
          fields: { avatar: message },
        })
      }
      expect(await profileRows(t)).toEqual(before)
      expect(await avatarFiles()).toEqual(files)

      const taken = await upload(avatarForm(blackPng(512, 4096), 'image/png', 'banner.png'), owner)
      expect(taken.status, await taken.clone().text()).toBe(200)
      expect(profileSchema.parse(await taken.json()).avatarUrl).toMatch(/^\/uploads\/avatars\//)
    })

    it('refuses what is not a PNG, JPEG or WebP image, whatever its name and type say', async () => {
      const before = await profileRows(t)
      const files = await avatarFiles()
      const svg =
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'
      const cases: [Uint8Array, string, string][] = [
        [new TextEncoder().encode('just some text, not a picture'), 'image/png', 'notes.png'],
        [await image('gif'), 'image/gif', 'anim.gif'],
        [await image('gif'), 'image/png', 'anim.png'],
        [new TextEncoder().encode(svg), 'image/png', 'vector.png'],
        [(await image('png')).subarray(0, 40), 'image/png', 'truncated.png'],
        [new Uint8Array(0), 'image/png', 'empty.png'],
      ]
      for (const [bytes, type, name] of cases) {
        const error = await errorOf(await upload(avatarForm(bytes, type, name)))
        expect(error, name).toMatchObject({
          status: 400,
          message: 'Avatar must be a PNG, JPEG or WebP image',
          fields: { avatar: 'Avatar must be a PNG, JPEG or WebP image' },
        })
      }
      expect(await profileRows(t)).toEqual(before)
      expect(await avatarFiles()).toEqual(files)
    })

    it('refuses a request without the file, or not multipart, with a 400', async () => {
      const before = await profileRows(t)
      const noFile = new FormData()
      noFile.set('avatar', 'a string, not a file')
      expect(await errorOf(await upload(noFile))).toMatchObject({
        status: 400,
        message: 'Choose an image to upload',
      })
      const other = new FormData()
      other.set('picture', new Blob([await image('png')], { type: 'image/png' }), 'me.png')
      expect((await upload(other)).status).toBe(400)
      const json = await send(t, '/api/profile/avatar', { body: { avatar: 'x' }, cookie })
      expect(json.status).toBe(400)
      const empty = await t.app.request('/api/profile/avatar', {
        method: 'POST',
        headers: { origin: TEST_ORIGIN, cookie },
      })
      expect(empty.status).toBe(400)
      expect(await profileRows(t)).toEqual(before)
    })

    it('a visitor gets 401 and nothing is stored', async () => {
      const files = await avatarFiles()
      const before = await profileRows(t)
      const error = await errorOf(await upload(avatarForm(await image('png'), 'image/png', 'me.png'), null))
      expect(error).toMatchObject({ status: 401, message: SIGN_IN })
      expect(await avatarFiles()).toEqual(files)
      expect(await profileRows(t)).toEqual(before)
    })

    it('serves only avatar file names: anything else is a 404', async () => {
      for (const file of ['missing.webp', '..%2F..%2Fetc%2Fpasswd', 'x.png', '.hidden.webp.tmp', '%2e%2e'])
        expect((await t.app.request(`/uploads/avatars/${file}`)).status, file).toBe(404)
    })

    it('allows 20 uploads per user in 10 minutes; the 21st is a 429 and changes nothing', async () => {
      const { cookie: busy } = await createMagicLinkUser(t, 'busy-painter@example.com')
      const png = await image('png', 16, 16)
      for (let i = 0; i < 20; i++)
        expect((await upload(avatarForm(png, 'image/png', 'a.png'), busy)).status).toBe(200)
      const before = (await meOf(t, busy)).profile.avatarUrl
      const refused = await upload(avatarForm(png, 'image/png', 'a.png'), busy)
      expect(refused.status).toBe(429)
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
      expect((await meOf(t, busy)).profile.avatarUrl).toBe(before)
    })
  })

  describe('avatar storage failing', () => {
    const avatars = () => path.join(dataDir, 'uploads', 'avatars')
    const upload = (form: FormData, cookie: string) => send(t, '/api/profile/avatar', { body: form, cookie })
    const hits = async (userId: string) =>
      (
        await t.database.db
          .select()
          .from(rateLimits)
          .where(eq(rateLimits.key, `avatar:${userId}`))
      )[0]?.count

    it('is a 503 in the error shape, logged, that changes nothing and does not count against the limit', async () => {
      const { cookie } = await createMagicLinkUser(t, 'unlucky-painter@example.com')
      const png = await image('png', 16, 16)
      expect((await upload(avatarForm(png, 'image/png', 'a.png'), cookie)).status).toBe(200)
      const me = await meOf(t, cookie)
      const before = { hits: await hits(me.id), avatarUrl: me.profile.avatarUrl, rows: await profileRows(t) }
      expect(before.hits).toBe(1)

      // A file where the avatars folder should be: no process can write there, not even root's (these
      // tests run as root, which ignores permission bits).
      await rename(avatars(), `${avatars()}.away`)
      await writeFile(avatars(), 'not a folder')
      try {
        for (let i = 0; i < 3; i++) {
          const error = await errorOf(await upload(avatarForm(png, 'image/png', 'a.png'), cookie))
          expect(error).toMatchObject({ status: 503, code: 'UNAVAILABLE', message: AVATAR_NOT_SAVED })
        }
        expect(t.loggedErrors.splice(0), 'each failure is logged for the operator').toHaveLength(3)
        expect(await hits(me.id)).toBe(before.hits)
        expect(await profileRows(t)).toEqual(before.rows)
      } finally {
        await rm(avatars(), { force: true })
        await rename(`${avatars()}.away`, avatars())
      }
      expect((await meOf(t, cookie)).profile.avatarUrl).toBe(before.avatarUrl)
      expect((await upload(avatarForm(png, 'image/png', 'a.png'), cookie)).status).toBe(200)
      expect(await hits(me.id)).toBe(before.hits! + 1)
    })
  })
})
