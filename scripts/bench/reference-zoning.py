#!/usr/bin/env python3
"""Reference zoning pipeline for the zoning bench, on the api's own index raster.

numpy + rasterio (GDAL): k-means classes (1-D Lloyd iterations from quantile seeds), ordered low to
high; rasterio.features.sieve to the minimum zone size (4-connected, inside the field); polygons
from rasterio.features.shapes, clipped to the field by its pixel mask. Prints JSON per run:
the run time (ms, raster in memory to polygons) and the quality figures.

usage: reference-zoning.py <dir with meta.json and each raster's <name>.values.f32, .inside.u8, .valid.u8>
then one line per run on stdin, "<raster index> <zones>"; one JSON line per run on stdout.
"""
import json
import math
import sys
import time

import numpy as np
import rasterio.features as features
from rasterio.transform import from_bounds


def kmeans_breaks(values, k, iterations=30):
    centres = np.quantile(values, (np.arange(k) + 0.5) / k)
    for _ in range(iterations):
        limits = (centres[1:] + centres[:-1]) / 2
        labels = np.digitize(values, limits)
        sums = np.bincount(labels, weights=values, minlength=k)
        counts = np.bincount(labels, minlength=k)
        moved = np.where(counts > 0, sums / np.maximum(counts, 1), centres)
        if np.allclose(moved, centres):
            break
        centres = np.sort(moved)
    return (centres[1:] + centres[:-1]) / 2


def ring_area(ring):
    xs = np.asarray([p[0] for p in ring])
    ys = np.asarray([p[1] for p in ring])
    return 0.5 * abs(np.dot(xs, np.roll(ys, -1)) - np.dot(ys, np.roll(xs, -1)))


def load(folder, raster):
    """One field's raster and the figures its zoning needs, from the files the bench wrote."""
    meta = raster
    width, height = meta["width"], meta["height"]
    name = meta["name"]
    values = np.fromfile(f"{folder}/{name}.values.f32", dtype="<f4").reshape(height, width).astype(np.float64)
    inside = np.fromfile(f"{folder}/{name}.inside.u8", dtype=np.uint8).reshape(height, width).astype(bool)
    valid = np.fromfile(f"{folder}/{name}.valid.u8", dtype=np.uint8).reshape(height, width).astype(bool)
    min_x, min_y, max_x, max_y = meta["bbox"]
    return {
        "values": values,
        "inside": inside,
        "measured": inside & valid,
        "transform": from_bounds(min_x, min_y, max_x, max_y, width, height),
        # Web mercator square metres to ground square metres at the field's latitude.
        "ground": math.cos(math.radians(meta["latitude"])) ** 2,
        "min_pixels": meta["minPixels"],
        "sliver_ha": meta["sliverHa"],
    }


def zone(field, k):
    """One timed zoning of a field in k zones, and its quality figures."""
    values, inside, measured = field["values"], field["inside"], field["measured"]
    started = time.perf_counter()
    breaks = kmeans_breaks(values[measured], k)
    classes = (np.digitize(values, breaks) + 1).astype(np.uint8)
    classes[~inside] = 0
    sieved = features.sieve(classes, size=field["min_pixels"], connectivity=4, mask=inside)
    polygons = [
        (geometry, int(zone))
        for geometry, zone in features.shapes(sieved, mask=inside, connectivity=4, transform=field["transform"])
    ]
    ms = (time.perf_counter() - started) * 1000
    areas = []
    for geometry, zone_number in polygons:
        rings = geometry["coordinates"]
        area = ring_area(rings[0]) - sum(ring_area(ring) for ring in rings[1:])
        areas.append((zone_number, area * field["ground"] / 10_000))
    zone_values = sieved[measured]
    data = values[measured]
    total = data.var()
    within = sum((zone_values == z).mean() * data[zone_values == z].var() for z in np.unique(zone_values))
    return {
        "ms": ms,
        "zones": int(len(np.unique(zone_values))),
        "polygons": len(areas),
        "slivers": sum(1 for _, area in areas if area < field["sliver_ha"]),
        "areaHa": sum(area for _, area in areas),
        "varianceReduction": float(1 - within / total) if total > 0 else 0.0,
    }


def main():
    folder = sys.argv[1]
    meta = json.load(open(f"{folder}/meta.json"))
    fields = [load(folder, raster) for raster in meta["rasters"]]
    print(json.dumps({"ready": True}), flush=True)
    # One run per line asked for ("<field index> <zones>"), answered on one line, until stdin closes:
    # the bench interleaves these runs with the api's, so both are timed in the same spells.
    for line in sys.stdin:
        index, k = (int(part) for part in line.split())
        print(json.dumps(zone(fields[index], k)), flush=True)


if __name__ == "__main__":
    main()
