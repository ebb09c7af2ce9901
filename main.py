"""Set Arcade: start the game (see README.md for the command line)."""

import sys


def main(argv: list[str]) -> int:
    print("Set Arcade: the game window is not built yet; `make test` runs the rules.")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
