import type { StorageSettings } from '@tracklens/kit';
import { uploadOrigins } from './web-app';

describe(uploadOrigins.name, () => {
  const s3 = (overrides: Partial<Extract<StorageSettings, { kind: 's3' }>>): StorageSettings => ({
    kind: 's3',
    bucket: 'tracklens',
    region: 'eu-west-1',
    endpoint: undefined,
    publicEndpoint: undefined,
    forcePathStyle: false,
    credentials: undefined,
    ...overrides,
  });

  it('should add nothing for local storage, whose uploads come to this origin', () => {
    expect(uploadOrigins({ kind: 'local', dir: '/tmp/objects' })).toEqual([]);
  });

  it("should allow the bucket's AWS origins, virtual-hosted and path style", () => {
    expect(uploadOrigins(s3({}))).toEqual(['https://tracklens.s3.eu-west-1.amazonaws.com', 'https://s3.eu-west-1.amazonaws.com']);
  });

  it('should allow the public endpoint of an S3-compatible server', () => {
    expect(uploadOrigins(s3({ publicEndpoint: 'http://localhost:9000', forcePathStyle: true }))).toEqual(['http://localhost:9000']);
    expect(uploadOrigins(s3({ publicEndpoint: 'https://objects.example.com/' }))).toEqual([
      'https://tracklens.objects.example.com',
      'https://objects.example.com',
    ]);
  });
});
