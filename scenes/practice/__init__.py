"""Practice: reaction drills on the TV (drill.py: the scene; art.py: its pictures) and the lag
correction every practice screen shows times with (lag.py). The drills' rules: game/drills.py;
the menu and summary: scenes/screens/practice.py; profiles at the seats: scenes/profiles.py."""
