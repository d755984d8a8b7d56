"""Time bounds for a shared, loaded machine: a test checks that a limit stops something, not how fast we are.

Tests run on 2 cores shared with other jobs, where scheduling, process start-up or a swapped-out worker can
delay anything by seconds. A bound on elapsed time is therefore ``limit + SLACK``, and only where what it
bounds would run far longer without the limit (a query or program that runs for minutes or forever), so the
bound still fails when the limit does not work. Ordering is checked with events and counters, not sleeps.
"""

#: Seconds a deadline may be overrun on a loaded machine; far below what any bounded query or program would
#: take without its limit.
SLACK = 10.0
