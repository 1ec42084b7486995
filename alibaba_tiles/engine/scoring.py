"""Set scoring and ranking."""


def set_value(count, table):
    """Points for a group of ``count`` tiles of one kind (table[i] = points for i tiles).

    Beyond the table (only possible with a custom tile set) each extra tile is
    worth one more than the previous one, continuing the 1, 3, 6, 10... pattern.
    """
    if count < len(table):
        return table[count]
    val = table[-1]
    step = table[-1] - table[-2] if len(table) > 1 else 1
    for _ in range(count - len(table) + 1):
        step += 1
        val += step
    return val


def sets_of(kinds):
    """{kind: count} for an iterable of kinds, in first-seen order."""
    out = {}
    for k in kinds:
        out[k] = out.get(k, 0) + 1
    return out


def set_points(kinds, table):
    return sum(set_value(n, table) for n in sets_of(kinds).values())


def ranks(totals, tile_counts):
    """Rank 1 best: most points, then fewer tiles; exact ties share a rank."""
    n = len(totals)
    keys = [(-totals[i], tile_counts[i]) for i in range(n)]
    return [1 + sum(1 for j in range(n) if keys[j] < keys[i]) for i in range(n)]
