/** A dispute's evidence: the images its two traders add, stored under DATA_DIR, read by those who may read it. */
import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { and, count, eq } from 'drizzle-orm'
import { DISPUTE_LIMITS as L, DISPUTE_MESSAGES as M } from '@/features/disputes/contract'
import type { Reader } from '@/features/disputes/policy'
import { disputeEvidence, disputes } from '@/features/disputes/tables'
import { AppError } from '@/platform/server/lib/errors'
import { checkImage, encodeFittedWebp, type ImageRefusals } from '@/platform/server/lib/images'
import { evidenceDir } from '@/platform/server/lib/paths'
import { hitRateLimit, refundRateLimit } from '@/platform/server/lib/rate-limit'
import { type DisputeDeps, readable } from './service'

const refusals: ImageRefusals = {
  notImage: M.notImage,
  refuse: (message) => new AppError('VALIDATION_FAILED', message, { fields: { evidence: message } }),
}

const EVIDENCE_FILE = /^[A-Za-z0-9-]{1,80}\.webp$/

async function storeEvidence(dataDir: string, disputeId: number, webp: Buffer): Promise<string> {
  const dir = evidenceDir(dataDir)
  await mkdir(dir, { recursive: true })
  const name = `${disputeId}-${randomBytes(8).toString('hex')}.webp`
  const tmp = path.join(dir, `.${name}.tmp`)
  await writeFile(tmp, webp)
  await rename(tmp, path.join(dir, name))
  return name
}

/**
 * POST /api/disputes/:id/evidence: one of the two traders adds an image while the dispute is open, up
 * to 5 a dispute (409 after). Checked like avatars (PNG, JPEG or WebP, ≤ 5 MB, sides), re-encoded as
 * WebP with its aspect kept, stored under DATA_DIR.
 */
export async function addEvidence(
  d: DisputeDeps,
  reader: Reader,
  id: number,
  bytes: Uint8Array,
): Promise<{ id: number }> {
  const { row, role } = await readable(d.db, id, reader)
  if (role !== 'opener' && role !== 'respondent') throw new AppError('FORBIDDEN', M.evidenceNotAllowed)
  if (row.status !== 'open') throw new AppError('CONFLICT', M.closed)
  if (bytes.byteLength > L.evidenceMaxBytes) throw new AppError('PAYLOAD_TOO_LARGE', M.evidenceTooLarge)
  const image = await checkImage(bytes, refusals)
  const [held] = await d.db
    .select({ n: count() })
    .from(disputeEvidence)
    .where(eq(disputeEvidence.disputeId, id))
  if ((held?.n ?? 0) >= L.maxEvidence) throw new AppError('CONFLICT', M.tooManyEvidence)
  const limitKey = `disputes:evidence:${reader.id}`
  await hitRateLimit(d.db, limitKey, d.limits.evidencePerHour, M.tooFast)
  const encoded = await encodeFittedWebp(image, L.evidenceSide, refusals).catch(async (error) => {
    if (!(error instanceof AppError && error.status < 500))
      await refundRateLimit(d.db, limitKey).catch(() => {})
    throw error
  })
  const file = await storeEvidence(d.env.DATA_DIR, id, encoded.webp).catch((cause) => {
    throw new AppError('UNAVAILABLE', M.notSaved, { cause })
  })
  try {
    return await d.db.transaction(async (tx) => {
      // One upload at a time per dispute: the count is read again behind the dispute's lock.
      const [locked] = await tx
        .select({ status: disputes.status })
        .from(disputes)
        .where(eq(disputes.id, id))
        .for('update')
      if (locked?.status !== 'open') throw new AppError('CONFLICT', M.closed)
      const [again] = await tx
        .select({ n: count() })
        .from(disputeEvidence)
        .where(eq(disputeEvidence.disputeId, id))
      if ((again?.n ?? 0) >= L.maxEvidence) throw new AppError('CONFLICT', M.tooManyEvidence)
      const [added] = await tx
        .insert(disputeEvidence)
        .values({
          disputeId: id,
          userId: reader.id,
          file,
          width: encoded.width,
          height: encoded.height,
          createdAt: d.now(),
        })
        .returning({ id: disputeEvidence.id })
      return { id: added!.id }
    })
  } catch (error) {
    await rm(path.join(evidenceDir(d.env.DATA_DIR), file), { force: true }).catch(() => {})
    throw error
  }
}

/** GET /api/disputes/:id/evidence/:evidenceId: the stored WebP, for those who may read the dispute. */
export async function evidenceFile(
  d: Pick<DisputeDeps, 'db' | 'env'>,
  reader: Reader,
  id: number,
  evidenceId: number,
): Promise<Buffer> {
  await readable(d.db, id, reader)
  const [row] = await d.db
    .select({ file: disputeEvidence.file })
    .from(disputeEvidence)
    .where(and(eq(disputeEvidence.id, evidenceId), eq(disputeEvidence.disputeId, id)))
  if (!row || !EVIDENCE_FILE.test(row.file)) throw new AppError('NOT_FOUND', 'No image with this id')
  return readFile(path.join(evidenceDir(d.env.DATA_DIR), row.file)).catch(() => {
    throw new AppError('NOT_FOUND', 'No image with this id')
  })
}
