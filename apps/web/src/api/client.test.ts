import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSessionToken, getSessionToken, onLogout, setSessionToken } from '../lib/session-token.ts';
import { ApiError, callApi } from './client.ts';

type Sent = { url: string; init: RequestInit };

function stubFetch(reply: () => Response | Promise<Response>): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return reply();
  });
  return sent;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('callApi', () => {
  beforeEach(() => clearSessionToken());
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSessionToken();
  });

  it('posts JSON to the registry path and returns the reply', async () => {
    const sent = stubFetch(() => json({ p: [{ id: 1, year: 1999, name: 'Ann' }] }));
    const reply = await callApi('presidents.get', {});
    expect(reply.p[0]?.name).toBe('Ann');
    expect(sent[0]?.url).toBe('/api/presidents.get.php');
    expect(sent[0]?.init.method).toBe('POST');
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual({});
  });

  it('adds the session token g when logged in and the body lacks it', async () => {
    setSessionToken('token-1');
    const sent = stubFetch(() => json({ m: [], p: [] }));
    await callApi('members.get', {});
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual({ g: 'token-1' });
  });

  it('sends multipart calls as FormData with arrays as name[] and files attached', async () => {
    setSessionToken('token-2');
    const sent = stubFetch(() => json({ i: 7 }));
    const photo = new Blob(['jpeg'], { type: 'image/jpeg' });
    await callApi('blog.save', { id: 0, t: 'Tour', date: '2024-05-01', h: [{ h: 'Hello' }], s: ['a.jpg', 'b.jpg'], y: [], rot: [] }, { f: [photo, photo] });
    const form = sent[0]?.init.body;
    expect(form).toBeInstanceOf(FormData);
    const data = form as FormData;
    expect(data.get('g')).toBe('token-2');
    expect(data.get('t')).toBe('Tour');
    expect(data.getAll('s[]')).toEqual(['a.jpg', 'b.jpg']);
    expect(data.get('h[]')).toBe(JSON.stringify({ h: 'Hello' }));
    expect(data.getAll('f[]')).toHaveLength(2);
    expect(new Headers(sent[0]?.init.headers).has('Content-Type')).toBe(false);
  });

  it('sends form calls urlencoded, as the legacy forms did', async () => {
    setSessionToken('token-3');
    const sent = stubFetch(() => json({ i: 4 }));
    await callApi('president.save', { i: 0, y: 1931, n: 'Henry Ford' });
    const body = sent[0]?.init.body;
    expect(body).toBeInstanceOf(URLSearchParams);
    expect((body as URLSearchParams).toString()).toBe('i=0&y=1931&n=Henry+Ford&g=token-3');
  });

  it('throws ApiError with the server message and status when the reply has e', async () => {
    stubFetch(() => json({ e: 'Please enter the name.' }, 400));
    const error = await callApi('contact.submit', { f: '', l: '', e: '', m: '' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Please enter the name.', status: 400 });
  });

  it('ends the session on a 401 to a call made with it, running logout callbacks', async () => {
    setSessionToken('expired');
    const loggedOut = vi.fn();
    const unsubscribe = onLogout(loggedOut);
    stubFetch(() => json({ e: 'Your session has ended. Please log in again.' }, 401));
    await expect(callApi('members.get', {})).rejects.toMatchObject({ status: 401 });
    expect(getSessionToken()).toBeNull();
    expect(loggedOut).toHaveBeenCalledOnce();
    unsubscribe();
  });

  it('keeps the session on a 401 to a call that carried another token', async () => {
    setSessionToken('current');
    stubFetch(() => json({ e: 'This reset link has expired.' }, 401));
    await expect(callApi('password.reset', { g: 'reset-guid' })).rejects.toBeInstanceOf(ApiError);
    expect(getSessionToken()).toBe('current');
  });

  it('turns a non-JSON reply into the generic Error label carrying the raw text', async () => {
    stubFetch(() => new Response('<html>Bad Gateway</html>', { status: 502 }));
    const error = await callApi('links.get', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'Error', status: 502, rawText: '<html>Bad Gateway</html>' });
  });

  it('says the site could not be reached when no answer arrives', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(callApi('links.get', {})).rejects.toMatchObject({
      message: 'The site could not be reached. Check your connection and try again.',
      status: 0,
    });
  });
});
