import { fakeXhr } from '../test/fake-xhr';
import { putFile } from './upload';

const file = new File([new Uint8Array(10)], 'demo.mp4', { type: 'video/mp4' });
const local = { uploadUrl: '/api/uploads/token-1', method: 'PUT' as const, headers: { 'Content-Type': 'video/mp4' } };

beforeEach(() => fakeXhr.install());
afterEach(() => fakeXhr.restore());

describe(putFile.name, () => {
  it('should PUT the file with the given headers and the cookie to a relative URL, reporting progress', async () => {
    fakeXhr.autoAnswer = null;
    const seen: number[] = [];
    const done = putFile(local, file, { onProgress: (percent) => seen.push(percent) });
    const xhr = fakeXhr.requests[0];
    expect(xhr?.method).toBe('PUT');
    expect(xhr?.url).toBe('/api/uploads/token-1');
    expect(xhr?.headers).toEqual({ 'Content-Type': 'video/mp4' });
    expect(xhr?.withCredentials).toBe(true);
    expect(xhr?.body).toBe(file);
    xhr?.progress(3, 10);
    xhr?.progress(10, 10);
    xhr?.answer(200, { storageKey: 'k', size: 10 });
    await expect(done).resolves.toBeUndefined();
    expect(seen).toEqual([30, 100, 100]);
  });

  it('should not send the cookie to an absolute (presigned) URL', async () => {
    await putFile({ ...local, uploadUrl: 'https://bucket.s3.example.com/key?X-Amz-Signature=abc' }, file);
    expect(fakeXhr.requests[0]?.withCredentials).toBe(false);
  });

  it("should reject with the server's message and code", async () => {
    fakeXhr.autoAnswer = { status: 403, body: { message: 'Upload URL has expired', code: 'UPLOAD_URL_EXPIRED' } };
    await expect(putFile(local, file)).rejects.toMatchObject({
      status: 403,
      message: 'Upload URL has expired',
      code: 'UPLOAD_URL_EXPIRED',
    });
  });

  it('should reject a network failure as FETCH_ERROR', async () => {
    fakeXhr.autoAnswer = null;
    const done = putFile(local, file);
    fakeXhr.requests[0]?.fail();
    await expect(done).rejects.toMatchObject({ status: 'FETCH_ERROR' });
  });
});
