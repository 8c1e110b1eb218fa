/**
 * The differential suite, shard 1 of the files differential*.test.ts: which scenarios each shard
 * gets and the tests themselves are in differential.ts.
 */
import { differentialTests, shardOf } from './differential.js';

differentialTests(shardOf(import.meta.url));
