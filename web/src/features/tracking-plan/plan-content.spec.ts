import { eventsOf, funnelsOf, screenshotUrl, videoTime } from './plan-content';

describe(eventsOf.name, () => {
  it('should read a saved plan from its JSON text, with the spec defaults (type string, trigger from description)', () => {
    const content = JSON.stringify({
      title: 'Generated Tracking Plan',
      events: [
        {
          name: 'Cart Viewed',
          description: 'Opens the cart',
          screenshot_path: '/api/images/a.jpg',
          properties: [{ name: 'items', description: 'Items in cart', example: 2 }],
        },
      ],
    });
    expect(eventsOf(content)).toEqual([
      {
        name: 'Cart Viewed',
        trigger: 'Opens the cart',
        description: 'Opens the cart',
        screenshot_path: '/api/images/a.jpg',
        properties: [
          { name: 'items', type: 'string', description: 'Items in cart', example: '2', required: false },
        ],
      },
    ]);
  });

  it("should keep an enum's values, an array's item type and the personal-data flag, dropping what is not text", () => {
    const [event] = eventsOf({
      events: [
        {
          name: 'Plan Chosen',
          properties: [
            { name: 'billing_cycle', type: 'enum', values: ['Monthly', 'Annual', { evil: true }], required: true },
            { name: 'tags', type: 'array', items: 'string' },
            { name: 'query', type: 'string', pii: true },
            { name: 'note', type: 'string', pii: 'yes' },
          ],
        },
      ],
      funnels: [],
    });
    expect(event?.properties).toEqual([
      { name: 'billing_cycle', type: 'enum', values: ['Monthly', 'Annual'], description: '', example: '', required: true },
      { name: 'tags', type: 'array', items: 'string', description: '', example: '', required: false },
      { name: 'query', type: 'string', pii: true, description: '', example: '', required: false },
      { name: 'note', type: 'string', description: '', example: '', required: false },
    ]);
  });

  it('should read comma-separated properties of a chat table and group legacy flat rows by event', () => {
    expect(
      eventsOf([{ name: 'Search', trigger: 'Types', properties: 'query, results_count' }])[0]?.properties,
    ).toEqual([
      { name: 'query', type: 'string', description: '', example: '', required: false },
      { name: 'results_count', type: 'string', description: '', example: '', required: false },
    ]);
    const legacy = eventsOf({
      events: [
        {
          eventTrigger: 'Clicks buy',
          eventName: 'Buy Clicked',
          property: 'sku',
          propertyType: 'string',
          examplePropertyValue: 'A1',
          description: 'Product',
          screenshotPath: 'u/p/buy.jpg',
        },
        {
          eventTrigger: 'Clicks buy',
          eventName: 'Buy Clicked',
          property: 'price',
          propertyType: 'number',
          examplePropertyValue: '9.5',
          description: 'Price',
        },
        { eventTrigger: 'Opens', eventName: 'Home Viewed', property: '', description: 'Landing' },
      ],
    });
    expect(
      legacy.map((event) => [event.name, event.properties.map((p) => p.name), event.screenshot_path]),
    ).toEqual([
      ['Buy Clicked', ['sku', 'price'], 'u/p/buy.jpg'],
      ['Home Viewed', [], null],
    ]);
    expect(legacy[1]?.description).toBe('Landing');
  });

  it('should keep the moments an event was seen at and drop those without a time or a frame', () => {
    const [seen, old] = eventsOf({
      events: [
        {
          name: 'Cart Viewed',
          properties: [],
          evidence: [
            { videoId: 'v1', atSec: 12.5, screenshot_path: '/api/images/u/p/f1.jpg' },
            { videoId: 'v1', atSec: '13', screenshot_path: '/api/images/u/p/f2.jpg' },
            { videoId: 'v1', atSec: 14 },
            { videoId: 'v1', atSec: -1, screenshot_path: '/api/images/u/p/f3.jpg' },
            'at 0:15',
          ],
        },
        { name: 'Home Viewed', properties: [], evidence: 'none' },
      ],
    });
    expect(seen?.evidence).toEqual([{ videoId: 'v1', atSec: 12.5, screenshot_path: '/api/images/u/p/f1.jpg' }]);
    expect(old && 'evidence' in old).toBe(false);
  });

  it('should drop what it cannot read', () => {
    expect(eventsOf('not json')).toEqual([]);
    expect(eventsOf({ events: [null, 3, { trigger: 'no name' }] })).toEqual([]);
    expect(funnelsOf({ funnels: [{ name: 'F', steps: ['a', 2, null] }] })).toEqual([
      { name: 'F', description: '', steps: ['a', '2'] },
    ]);
  });
});

describe(screenshotUrl.name, () => {
  it('should keep image proxy paths, put bare keys behind it and never let a script URL through', () => {
    expect(screenshotUrl('/api/images/u/p/a.jpg')).toBe('/api/images/u/p/a.jpg');
    expect(screenshotUrl('u/p/a.jpg')).toBe('/api/images/u/p/a.jpg');
    expect(screenshotUrl('https://cdn.example.com/a.jpg')).toBe('https://cdn.example.com/a.jpg');
    expect(screenshotUrl('javascript:alert(1)')).toBe('/api/images/javascript:alert(1)');
    expect(screenshotUrl('//evil.example.com/a.jpg')).toBe('/api/images/evil.example.com/a.jpg');
    expect(screenshotUrl(null)).toBeNull();
  });
});

describe(videoTime.name, () => {
  it('should say a moment of the video as m:ss, or h:mm:ss past an hour', () => {
    expect(videoTime(0)).toBe('0:00');
    expect(videoTime(42.9)).toBe('0:42');
    expect(videoTime(605)).toBe('10:05');
    expect(videoTime(3725)).toBe('1:02:05');
  });
});
