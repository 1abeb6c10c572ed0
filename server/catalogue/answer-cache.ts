import { promisify } from 'node:util'
import { brotliCompress, gzip } from 'node:zlib'
import type { CatalogueFilter } from '../../src/contract/catalogue'
import type { SessionUser } from '../auth/sessions'
import { COMPRESSION } from '../compression'
import type { Db } from '../db/connection'
import { filterAnswerJson } from './filter-answer-json'
import { catalogueRequest, filterAnswerOf, searchCatalogue, type CatalogueRequest } from './run-filter'
import type { CatalogueSnapshot } from './snapshot'

/** Answers kept per copy of the catalogue: the most recently used ones stay. */
const CAPACITY = 256

export type AnswerEncoding = 'br' | 'gzip'

const encoders: Record<AnswerEncoding, (json: Buffer) => Promise<Buffer>> = {
  br: (json) => promisify(brotliCompress)(json, COMPRESSION.brotliOptions),
  gzip: (json) => promisify(gzip)(json),
}

/** A filter answer as UTF-8 JSON, and compressed once per encoding when first asked for so. */
export class KeptAnswer {
  private readonly encoded = new Map<AnswerEncoding, Promise<Buffer>>()

  constructor(readonly json: Buffer) {}

  /** The JSON in that encoding, compressed (off the event loop) by the first request that asks for it. */
  encodedAs(encoding: AnswerEncoding): Promise<Buffer> {
    let bytes = this.encoded.get(encoding)
    if (!bytes) {
      bytes = encoders[encoding](this.json)
      // a failed compression is tried again by the next request
      bytes.catch(() => this.encoded.delete(encoding))
      this.encoded.set(encoding, bytes)
    }
    return bytes
  }
}

/** By copy of the catalogue, so a new copy (a change taken in or read anew) starts with none. */
const answersByCopy = new WeakMap<CatalogueSnapshot, Map<string, KeptAnswer>>()

/**
 * Everything but the copy that an answer depends on: the filter as validated (warehouse, page,
 * sorting and all), the user (wishes and needs), the contract and the login's price policy (the
 * prices shown and the price column sorted by), the stock version (quantities, «available») and
 * the version of pictures, wishes and needs.
 */
const keyOf = (filter: CatalogueFilter, user: SessionUser, { contract, versions }: CatalogueRequest) =>
  JSON.stringify([filter, user.id, contract.id, contract.factor, contract.policy, versions.stocks, versions.marks])

function answersOf(snapshot: CatalogueSnapshot): Map<string, KeptAnswer> {
  let answers = answersByCopy.get(snapshot)
  if (!answers) answersByCopy.set(snapshot, (answers = new Map<string, KeptAnswer>()))
  return answers
}

/**
 * POST /api/filter/'s answer. Each request still reads its session, its contracts and the versions
 * and is refused as before (401, 403 for a contract it may not use, 400 for an unknown warehouse);
 * a request whose answer could only come out the same as one kept for exactly its key gets that
 * one, without the search, the page's reads and the JSON written again.
 */
export async function filterAnswer(db: Db, user: SessionUser, filter: CatalogueFilter): Promise<KeptAnswer> {
  const request = await catalogueRequest(db, user, filter)
  const answers = answersOf(request.snapshot)
  const key = keyOf(filter, user, request)
  const kept = answers.get(key)
  if (kept) {
    // a Map keeps insertion order: moved to the end, it is the last to be dropped
    answers.delete(key)
    answers.set(key, kept)
    return kept
  }
  const search = await searchCatalogue(db, user, filter, request)
  const answer = new KeptAnswer(filterAnswerJson(filterAnswerOf(search, filter)))
  // the search may have moved to a newer copy (see searchCatalogue): kept under what it was made from.
  // What it read after the versions is at least as new as they are, so no request gets an answer older than its own reads.
  const keptFor = answersOf(search.snapshot)
  keptFor.set(keyOf(filter, user, search), answer)
  if (keptFor.size > CAPACITY) keptFor.delete(keptFor.keys().next().value!)
  return answer
}
