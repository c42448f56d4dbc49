import { describe, expect, it } from 'vitest';
import { distanceKm } from '../../shared/geo.js';

describe('distanceKm', () => {
  it('is zero from a point to itself, and symmetric', () => {
    expect(distanceKm(48.8566, 2.3522, 48.8566, 2.3522)).toBe(0);
    expect(distanceKm(48.8566, 2.3522, 51.5074, -0.1278)).toBeCloseTo(
      distanceKm(51.5074, -0.1278, 48.8566, 2.3522),
      9,
    );
  });

  it('measures great circles: Paris to London, a degree of the equator, pole to pole', () => {
    expect(distanceKm(48.8566, 2.3522, 51.5074, -0.1278)).toBeCloseTo(343.9, 0);
    expect(distanceKm(0, 0, 0, 1)).toBeCloseTo(111.195, 2);
    expect(distanceKm(90, 0, -90, 0)).toBeCloseTo(Math.PI * 6371.0088, 6);
  });

  it('crosses the antimeridian the short way', () => {
    expect(distanceKm(0, 179.5, 0, -179.5)).toBeCloseTo(111.195, 2);
  });
});
