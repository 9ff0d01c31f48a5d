"""Title norms under FIDE's Title Regulations (Handbook B.01), applied from 1 January 2024.

``rules`` holds the edition and its figures (chosen by name or the event's date), ``conditions`` one function
per article (1.4.1-1.4.9), ``event`` what the articles read of the event (1.4.2's games, 1.4.3d's exemption),
``forecast`` the status of every player and title after a round.
"""
