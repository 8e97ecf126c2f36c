import type { FakeRequest, FakeResponse, FakeServer } from '../testing/server.fake';
import { graphError } from './graph.fake';

/**
 * `GET /{object}/insights?metric=…` on the Meta fakes: each object has a media type, and the metrics valid for
 * that type are listed in `valid` (tests may change it). One metric that is not valid (a deprecated `impressions`,
 * `plays`, or `views` on a type without it) fails the whole request with error #100, as Meta does; an unknown
 * object answers #100 with subcode 33. A valid metric the object has no figure for answers 0.
 */

export interface FakeInsightsObject {
  mediaType: string;
  figures: Record<string, number | Record<string, number>>;
}

export interface MetaInsightsFake {
  objects: Map<string, FakeInsightsObject>;
  /** Valid metrics per media type. */
  valid: Record<string, string[]>;
  /** Metrics asked per request, in order (what the connector sent). */
  asked: string[][];
}

export function addMetaInsightsRoute(
  server: FakeServer,
  path: string,
  options: {
    valid: Record<string, string[]>;
    /** Whether the #100 message names the metric (Instagram does; the Page insights message often does not). */
    namesMetric: boolean;
    authenticate: (request: FakeRequest) => { ok: true } | { ok: false; response: FakeResponse };
  },
): MetaInsightsFake {
  const fake: MetaInsightsFake = { objects: new Map(), valid: options.valid, asked: [] };
  server.route('GET', path, (request) => {
    const auth = options.authenticate(request);
    if (!auth.ok) return auth.response;
    const id = request.params.id ?? '';
    const metrics = (request.query.get('metric') ?? '').split(',').filter(Boolean);
    if (metrics.length === 0) throw new Error('insights read without metric=');
    fake.asked.push(metrics);
    const object = fake.objects.get(id);
    if (!object) {
      return graphError(400, 100, `Unsupported get request. Object with ID '${id}' does not exist.`, {
        error_subcode: 33,
      });
    }
    const valid = fake.valid[object.mediaType] ?? [];
    const invalid = metrics.find((metric) => !valid.includes(metric));
    if (invalid) {
      return graphError(
        400,
        100,
        options.namesMetric
          ? `(#100) The Media Insights API does not support the ${invalid} metric for this media product type.`
          : '(#100) The value must be a valid insights metric',
      );
    }
    const period = request.query.get('period') ?? 'lifetime';
    return {
      body: {
        data: metrics.map((name) => ({
          name,
          period,
          values: [{ value: object.figures[name] ?? 0 }],
          title: name,
          id: `${id}/insights/${name}/${period}`,
        })),
        paging: {},
      },
    };
  });
  return fake;
}
