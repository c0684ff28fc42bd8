// jsdom has no fetch, Request, Response or Headers, which ky (inside the shared api client) needs,
// nor the TextEncoder/TextDecoder ky reads when it loads. This environment lends jsdom the real
// ones from Node, so component tests run the real api client against a fake fetch.
// AbortController/AbortSignal come along because Node's Request only accepts its own AbortSignal
// (ky passes one for its timeout). FormData, File and Blob too: Node's Request cannot read jsdom's
// (a multipart upload would hang), so tests build files and forms from Node's own.
const { TestEnvironment } = require('jest-environment-jsdom');

const fromNode = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'AbortController',
  'AbortSignal',
  'ReadableStream',
  'TextEncoder',
  'TextDecoder',
  'FormData',
  'File',
  'Blob',
];

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of fromNode) this.global[name] = globalThis[name];
  }
}

module.exports = JsdomWithFetchEnvironment;
