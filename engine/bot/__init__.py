"""The computer opponent: players that give a side's orders through the
same check and submit as a person's (engine/bot/driver.py), the computer
player at difficulty 1 to 3 (engine/bot/computer.py) and the simple
players it is measured against (engine/bot/players.py)."""
