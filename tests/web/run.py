#!/usr/bin/env python3
"""The web board's browser suite (docs/web.md, "Tests"): starts the daemon,
headless Chromium and a reference engine once, runs tests/web/test_*.py,
and exits non-zero on any failure, including a missing Chromium.

    tests/web/run.py [-v] [-k PATTERN]     (make web-test)

RATNIK_WEB_URL=http://127.0.0.1:PORT/ uses a server already running."""

import argparse
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('-v', action='store_true', help='name every test')
    ap.add_argument('-k', action='append', default=[], help='only tests whose name contains this')
    args = ap.parse_args()
    from pagetest import Fixture
    suite = unittest.defaultTestLoader.discover(HERE, pattern='test_*.py', top_level_dir=HERE)
    if args.k:
        suite = unittest.TestSuite(t for t in iter_tests(suite) if any(k in t.id() for k in args.k))
    try:
        Fixture.make()
    except Exception as e:  # a missing browser or daemon fails the run
        print('tests/web: ' + str(e), file=sys.stderr)
        Fixture.end()  # whatever did start (the daemon) must not outlive the run
        return 1
    try:
        result = unittest.TextTestRunner(verbosity=2 if args.v else 1).run(suite)
    finally:
        Fixture.end()
    if result.testsRun == 0:
        print('tests/web: no test ran', file=sys.stderr)
        return 1
    return 0 if result.wasSuccessful() else 1


def iter_tests(suite):
    for t in suite:
        if isinstance(t, unittest.TestSuite):
            yield from iter_tests(t)
        else:
            yield t


if __name__ == '__main__':
    sys.exit(main())
