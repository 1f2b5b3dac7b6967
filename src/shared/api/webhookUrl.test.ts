import { describe, expect, it } from 'vitest'
import { webhookUrlProblem, type WebhookUrlProblem } from './webhookUrl'

/** Every notation of a refused address, and the public ones that pass. */
const CASES: [url: string, problem: WebhookUrlProblem | null][] = [
  // accepted: public https
  ['https://hooks.example.com/docket', null],
  ['https://hooks.example.com:8443/in?x=1', null],
  ['https://1.1.1.1/', null],
  ['https://[2606:4700::1111]/', null],
  ['  https://hooks.example.com/  ', null],
  // scheme
  ['http://hooks.example.com/', 'not_https'],
  ['http://127.0.0.1:6379/', 'not_https'],
  ['http://[::1]:22/', 'not_https'],
  ['ftp://hooks.example.com/', 'invalid'],
  ['javascript:alert(1)', 'invalid'],
  ['hooks.example.com', 'invalid'],
  ['', 'missing'],
  // credentials
  ['https://user:pass@hooks.example.com/', 'credentials'],
  ['https://user@hooks.example.com/', 'credentials'],
  // loopback in every notation
  ['https://127.0.0.1/', 'local_address'],
  ['https://127.9.9.9/', 'local_address'],
  ['https://2130706433/', 'local_address'],
  ['https://0x7f.0.0.1/', 'local_address'],
  ['https://0x7f000001/', 'local_address'],
  ['https://0177.0.0.1/', 'local_address'],
  ['https://127.1/', 'local_address'],
  ['https://[::1]/', 'local_address'],
  ['https://[0:0:0:0:0:0:0:1]/', 'local_address'],
  ['https://[::ffff:127.0.0.1]/', 'local_address'],
  ['https://[::ffff:7f00:1]/', 'local_address'],
  ['https://[::127.0.0.1]/', 'local_address'],
  ['https://localhost/', 'local_address'],
  ['https://LOCALHOST./', 'local_address'],
  ['https://api.localhost/', 'local_address'],
  // private (RFC 1918, RFC 4193), link-local, CGNAT
  ['https://10.0.0.5/', 'local_address'],
  ['https://10.0.0.5./', 'local_address'],
  ['https://172.16.0.1/', 'local_address'],
  ['https://172.31.255.255/', 'local_address'],
  ['https://192.168.1.1/', 'local_address'],
  ['https://3232235777/', 'local_address'],
  ['https://[::ffff:192.168.1.1]/', 'local_address'],
  ['https://[fd00::1]/', 'local_address'],
  ['https://[fc00::1]/', 'local_address'],
  ['https://169.254.169.254/latest/meta-data/', 'local_address'],
  ['https://[fe80::1]/', 'local_address'],
  ['https://100.64.0.1/', 'local_address'],
  ['https://100.127.255.254/', 'local_address'],
  // multicast, broadcast, unspecified, reserved, translated
  ['https://224.0.0.1/', 'local_address'],
  ['https://[ff02::1]/', 'local_address'],
  ['https://255.255.255.255/', 'local_address'],
  ['https://0.0.0.0/', 'local_address'],
  ['https://0/', 'local_address'],
  ['https://[::]/', 'local_address'],
  ['https://192.0.2.1/', 'local_address'],
  ['https://[64:ff9b::a00:5]/', 'local_address'],
  ['https://[2002:a00:5::]/', 'local_address'],
]

describe('the webhook URL rule', () => {
  it.each(CASES)('%s -> %s', (url, problem) => {
    expect(webhookUrlProblem(url)).toBe(problem)
  })

  it('lets through the public neighbours of each refused range', () => {
    for (const url of ['https://172.32.0.1/', 'https://100.128.0.1/', 'https://11.0.0.1/', 'https://169.255.0.1/']) {
      expect(webhookUrlProblem(url)).toBeNull()
    }
  })
})
