/** Administrative divisions (国家统计局 统计用区划代码) and city boundaries (GeoJSON, WGS-84). */
import { Type, type Static } from 'typebox';

const County = Type.Object({ code: Type.String(), name: Type.String() });
const City = Type.Object({ code: Type.String(), name: Type.String(), children: Type.Array(County) });
export const DivisionTreeSchema = Type.Array(Type.Object({ code: Type.String(), name: Type.String(), children: Type.Array(City) }), {
  $id: 'DivisionTree',
  description: 'province → city → county',
});
export type DivisionTree = Static<typeof DivisionTreeSchema>;

export const CityBoundariesSchema = Type.Object(
  {
    type: Type.Literal('FeatureCollection'),
    features: Type.Array(
      Type.Object({
        type: Type.Literal('Feature'),
        /** `code`: the city's 4-digit division code; `name` as in the divisions */
        properties: Type.Object({ code: Type.String(), name: Type.String() }),
        geometry: Type.Object({
          type: Type.Union([Type.Literal('Polygon'), Type.Literal('MultiPolygon')]),
          coordinates: Type.Array(Type.Unknown(), { description: 'RFC 7946 rings of [longitude, latitude]' }),
        }),
      }),
    ),
  },
  { $id: 'CityBoundaries', description: 'GeoJSON FeatureCollection (RFC 7946), WGS-84' },
);
export type CityBoundaries = Static<typeof CityBoundariesSchema>;
