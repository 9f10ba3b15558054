/// <reference lib="webworker" />
/**
 * Web Worker: a long ERP answer (the 100k-account list) read off the page's main thread —
 * answer-read.ts does the work; protocol: worker-rpc.ts. The page's side: read-in-worker.ts.
 */
import { answerRpc } from '../lib/worker-rpc-serve';
import { readAccountsAnswer, type AnswerReadProgress, type AnswerReadRequest, type AnswerReadResult } from './answer-read';

answerRpc<AnswerReadRequest, AnswerReadResult, AnswerReadProgress>(readAccountsAnswer);
