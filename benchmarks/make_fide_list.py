"""A synthetic FIDE rating list in the official combined, single and XML download formats.

    python benchmarks/make_fide_list.py --players 1700000                 # players_list.zip
    python benchmarks/make_fide_list.py --players 50000 --kind standard   # standard_rating_list.zip
    python benchmarks/make_fide_list.py --players 50000 --xml             # players_list_xml.zip

FIDE's monthly lists may not be redistributed, so tests and benchmarks read this one instead. The
layout follows the files on ratings.fide.com to the byte (fixed columns found from the header labels,
lines padded to full width and ended by CRLF, Latin-1 by default). The first five rows are fixed,
known players; the rest are drawn from ``random.Random(seed)`` with realistic proportions of rated,
titled, inactive and female players, accented names and about two hundred federations.
"""

from __future__ import annotations

import argparse
import dataclasses
import io
import random
import re
import unicodedata
import zipfile
from bisect import bisect
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO, cast
from xml.sax.saxutils import escape


def _words(text: str) -> list[str]:
    return text.split()


COMBINED_HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA"
    " SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)
SINGLE_HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA"
    " {month} Gms K  B-day Flag"
)
MEMBERS = {
    "combined": "players_list_foa.txt",
    "standard": "standard_rating_list.txt",
    "rapid": "rapid_rating_list.txt",
    "blitz": "blitz_rating_list.txt",
}
ZIP_NAMES = {
    "combined": "players_list.zip",
    "standard": "standard_rating_list.zip",
    "rapid": "rapid_rating_list.zip",
    "blitz": "blitz_rating_list.zip",
}
XML_MEMBER = "players_list_xml_foa.xml"
XML_ZIP_NAME = "players_list_xml.zip"
ENCODINGS = ("latin-1", "utf-8")
_MONTHS = ("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC")


def _column_starts(header: str) -> list[int]:
    """The start of every label in ``header`` ("ID Number" is one label)."""
    return [m.start() for m in re.finditer(r"ID Number|\S+", header)]


_COMBINED_STARTS = _column_starts(COMBINED_HEADER)
_SINGLE_STARTS = _column_starts(SINGLE_HEADER.format(month="FEB26"))
assert _COMBINED_STARTS == [0, 15, 76, 80, 84, 89, 94, 109, 113, 119, 123, 126, 132, 136, 139, 145, 149, 152, 158]
assert len(COMBINED_HEADER) == 162
assert _SINGLE_STARTS == [0, 15, 76, 80, 84, 89, 94, 109, 113, 119, 123, 126, 132]
assert len(SINGLE_HEADER.format(month="FEB26")) == 136


def _row_format(starts: list[int], width: int) -> str:
    """A ``str.format`` template putting field i left-aligned at ``starts[i]``, the line ``width`` wide."""
    ends = [*starts[1:], width]
    return "".join(f"{{{i}:<{end - start}}}" for i, (start, end) in enumerate(zip(starts, ends, strict=True)))


_COMBINED_FORMAT = _row_format(_COMBINED_STARTS, len(COMBINED_HEADER)) + "\r\n"
_SINGLE_FORMAT = _row_format(_SINGLE_STARTS, len(SINGLE_HEADER.format(month="FEB26"))) + "\r\n"


@dataclasses.dataclass(frozen=True, slots=True)
class Row:
    """One player as the list gives it; ``None`` is a field left blank in the file."""

    fide_id: int
    name: str  # "Family, Given" mostly; a few single-part names with no comma
    fed: str
    sex: str  # "M" or "F"
    title: str  # "", "GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM"
    wtitle: str  # "" or a women's title held besides an open one
    otitle: str  # "" or comma-joined other titles: "IA", "FA,IO", "NA"
    foa: str  # "" or "AGM", "AIM", "AFM", "ACM"
    srating: int | None
    sgames: int | None
    sk: int | None
    rrating: int | None
    rgames: int | None
    rk: int | None
    brating: int | None
    bgames: int | None
    bk: int | None
    birth_year: int | None
    flag: str  # "", "i", "wi", "w"


FIXED_ROWS = (
    Row(1503014, "Carlsen, Magnus", "NOR", "M", "GM", "", "", "", 2823, 10, 10, 2803, 8, 10, 2860, 19, 10, 1990, ""),
    Row(9990001, "Dupré, Sébastien", "FRA", "M", "FM", "", "", "", 2310, 4, 20, 2250, 0, 20, None, None, None, 1985,
        ""),
    Row(9990002, "Müller, Jürgen", "GER", "M", "", "", "FA", "", 1850, 0, 20, None, None, None, None, None, None, 1958,
        "i"),
    Row(9990003, "Østergaard, Åse", "DEN", "F", "WFM", "", "", "", 1950, 9, 40, 1900, 3, 20, 1880, 0, 20, 2010, "w"),
    Row(9990004, "Nakamura", "JPN", "M", "", "", "", "", None, None, None, None, None, None, None, None, None, None,
        ""),
)  # fmt: skip
_FIXED_IDS = frozenset(row.fide_id for row in FIXED_ROWS)
_MIN_ID, _MAX_ID = 100_000, 799_999_999
# Mean gap between random IDs: 1.7 million players span the range, and a shorter list is a prefix of a longer one.
_ID_STEP = 460

# Real FIDE federation codes, roughly from the most players to the fewest (the weights follow the order).
_FEDS = _words("""
IND ESP FRA GER RUS USA ITA POL TUR IRI BRA ARG COL PER MEX ENG NED CZE HUN SRB CHI UKR GRE CRO SUI AUT BEL ROU SVK
BUL SWE KAZ UZB AZE ARM GEO BLR SLO BIH MNE MKD ISR DEN NOR FIN LTU LAT EST MDA CAN AUS PHI INA VIE CHN MGL BAN SRI NEP
SCO IRL POR CUB VEN ECU BOL PAR URU DOM EGY RSA ALG MAR TUN NGR KEN UGA ZAM ZIM MAS SGP THA JPN KOR PAK KGZ TJK TKM IRQ
SYR JOR LBN UAE QAT KSA KUW BRN OMA YEM AFG NZL WLS ISL CYP MLT LUX AND MON LIE SMR FAI JCI GCI IOM CRC PAN GUA HON ESA
NCA PUR JAM TTO BAR HAI SUR GUY BAH BER ARU CAY IVB ISV ANT DMA GRN LCA SKN VIN BIZ BOT ANG ETH GHA MAW MOZ NAM SEY MRI
MAD CMR CIV SEN TOG BEN BUR MLI NIG CHA SUD LBA SOM RWA BDI TAN LES SWZ GAM SLE LBR ERI DJI COM CPV STP GEQ GAB CGO COD
CAF MTN SSD HKG MAC TPE MYA CAM LAO BRU TLS BHU MDV PLW FIJ PNG SOL GUM KOS PLE FID
""")
assert len(_FEDS) == len(set(_FEDS)) >= 190

# Name pools by culture: family names, men's given names, women's given names (UTF-8 spellings;
# the Latin-1 list spells letters outside Latin-1 without their marks, as FIDE long did).
_CULTURES: dict[str, tuple[str, str, str]] = {
    "en": (
        "Smith Jones Williams Brown Taylor Davies Wilson Evans Thomas Johnson Roberts Walker Wright Robinson Thompson "
        "White Hughes Edwards Green Hall Wood Harris Lewis Martin Jackson Clarke Clark Turner Hill Scott Cooper Morris "
        "Ward Moore King Watson Baker Harrison Morgan Patel Young Allen Mitchell James Anderson Phillips Lee Bell "
        "Parker Davis Miller Garcia Rodriguez Murphy O'Brien O'Connor O'Neill McDonald MacLeod Sullivan Kelly "
        "Fitzgerald Bennett Hawkins Short Adams Howell Nakamura Caruana So",
        "James John Robert Michael William David Richard Joseph Thomas Charles Daniel Matthew Anthony Mark Steven Paul "
        "Andrew Joshua Kevin Brian George Edward Ryan Jacob Gary Nicholas Eric Jonathan Stephen Larry Justin Scott "
        "Benjamin Samuel Gregory Alexander Patrick Jack Dennis Tyler Aaron Nigel Luke Oliver Harry Liam Sean",
        "Mary Patricia Jennifer Linda Elizabeth Barbara Susan Jessica Sarah Karen Nancy Lisa Margaret Sandra Ashley "
        "Emily Donna Michelle Carol Amanda Melissa Deborah Stephanie Rebecca Laura Sharon Cynthia Kathleen Amy Anna "
        "Emma Olivia Sophie Chloe Grace Jessie Alice",
    ),
    "de": (
        "Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Schäfer Koch Bauer Richter Klein "
        "Wolf Schröder Neumann Schwarz Zimmermann Braun Krüger Hofmann Hartmann Lange Schmitt Werner Schmitz Krause "
        "Meier Lehmann Schmid Schulze Maier Köhler Herrmann König Walter Mayer Huber Kaiser Fuchs Peters Lang Scholz "
        "Möller Weiß Jung Hahn Vogel Keller Günther Frank Berger Winkler Roth Beck Lorenz Baumann Franke Albrecht "
        "Schuster Simon Ludwig Böhm Winter Kraus Martin Schumacher Krämer Vogt Stein Jäger Otto Sommer Groß Seidel "
        "Heinrich Brandt Haas Schreiber Graf Dietrich Ziegler Kühn Pohl Engel Horn Busch Bergmann Thomas Voigt Sauer "
        "Arnold Wolff Pfeiffer Keymer Nisipeanu Blübaum Donchenko",
        "Jürgen Thomas Michael Andreas Stefan Peter Klaus Wolfgang Frank Markus Christian Uwe Matthias Ralf Bernd "
        "Günter Dieter Horst Sebastian Tobias Jan Lukas Felix Jonas Maximilian Florian Alexander Björn Jörg Hans "
        "Helmut Rüdiger Niklas Vincent Dmitrij Rasmus Matthias",
        "Sabine Petra Monika Claudia Susanne Andrea Birgit Stefanie Julia Katharina Anna Lena Laura Lea Hannah Sophie "
        "Jutta Gisela Ursula Brigitte Annemarie Jördis Dinara Elisabeth Marie Jana Hanna",
    ),
    "fr": (
        "Martin Bernard Dubois Thomas Robert Richard Petit Durand Leroy Moreau Simon Laurent Lefèvre Michel Garcia "
        "David Bertrand Roux Vincent Fournier Morel Girard André Lefebvre Mercier Dupont Lambert Bonnet François "
        "Martinez Legrand Garnier Faure Rousseau Blanc Guérin Muller Henry Roussel Nicolas Perrin Morin Mathieu "
        "Clément Gauthier Dumont Lopez Fontaine Chevalier Robin Masson Sanchez Gérard Nguyen Boyer Denis Lemaire "
        "Duval Joly Gautier Roger Roche Roy Noël Meyer Lucas Meunier Jean Pérez Marchand Dufour Blanchard Barbier "
        "Brun Dumas Brunet Schmitt Leroux Colin Fernandez Pierre Renard Arnaud Rolland Caron Aubert Giraud Leclerc "
        "Vachier-Lagrave Bacrot Fressinet Maze Édouard Hérault Bézier D'Angelo",
        "Sébastien Jean Pierre Michel Philippe Alain Nicolas Christophe Patrick Christian Daniel Éric Frédéric "
        "Laurent Stéphane Olivier David Julien Pascal Thierry Maxime Hugo Lucas Théo Mathéo Raphaël Benoît Jérôme "
        "Étienne François Cédric Grégoire Loïc Joël Hervé Noël Jérémie Aurélien Clément Maxime Etienne Laurent",
        "Marie Nathalie Isabelle Sylvie Catherine Françoise Valérie Christine Sandrine Sophie Céline Émilie Hélène "
        "Chloé Léa Manon Camille Inès Zoé Anaïs Mélanie Aurélie Élodie Gaëlle Agnès Mathilde Pauline Marion Noémie "
        "Océane Laure",
    ),
    "es": (
        "García Rodríguez González Fernández López Martínez Sánchez Pérez Gómez Martín Jiménez Ruiz Hernández Díaz "
        "Moreno Muñoz Álvarez Romero Alonso Gutiérrez Navarro Torres Domínguez Vázquez Ramos Gil Ramírez Serrano "
        "Blanco Molina Morales Suárez Ortega Delgado Castro Ortiz Rubio Marín Sanz Núñez Iglesias Medina Garrido "
        "Cortés Castillo Santos Lozano Guerrero Cano Prieto Méndez Cruz Calvo Gallego Vidal León Márquez Herrera "
        "Peña Flores Cabrera Campos Vega Fuentes Carrasco Diez Caballero Reyes Nieto Aguilar Pascual Santana Herrero "
        "Lorenzo Montero Hidalgo Giménez Ibáñez Ferrer Durán Santiago Benítez Mora Vicente Vargas Arias Carmona "
        "Crespo Román Pastor Soto Sáez Velasco Moya Soler Parra Esteban Bravo Gallardo Rojas Vallejo Shirov Antón "
        "de la Cruz del Río",
        "José Antonio Manuel Francisco David Juan Javier Daniel Carlos Jesús Alejandro Miguel Rafael Pablo Sergio "
        "Fernando Jorge Luis Alberto Álvaro Adrián Diego Raúl Enrique Ramón Vicente Iván Rubén Óscar Andrés Joaquín "
        "Santiago Eduardo Víctor Roberto Jaime Ignacio Alfonso Salvador Ricardo Emilio Julián Martín Lucas Hugo "
        "Mateo Nicolás Sebastián Matías Tomás Agustín Benjamín Facundo Joaquín Germán",
        "María Carmen Ana Isabel Laura Cristina Marta Lucía Elena Paula Sara Raquel Rosa Pilar Mercedes Silvia Julia "
        "Beatriz Patricia Andrea Irene Rocío Alba Nuria Sofía Valentina Camila Martina Ximena Inés Mónica Verónica "
        "Begoña Ángela Sabrina",
    ),
    "pt": (
        "Silva Santos Oliveira Souza Rodrigues Ferreira Alves Pereira Lima Gomes Costa Ribeiro Martins Carvalho "
        "Almeida Lopes Soares Fernandes Vieira Barbosa Rocha Dias Nascimento Andrade Moreira Nunes Marques Machado "
        "Mendes Freitas Cardoso Ramos Gonçalves Santana Teixeira Araújo Magalhães Simões Conceição Leitão Guimarães "
        "Brandão Falcão Mequinho",
        "João José Antônio Francisco Carlos Paulo Pedro Lucas Luiz Marcos Luís Gabriel Rafael Daniel Marcelo Bruno "
        "Eduardo Felipe Raimundo Rodrigo Gonçalo Tiago Rui Nuno Sérgio Fábio Vinícius André Caio Otávio",
        "Maria Ana Francisca Antônia Adriana Juliana Márcia Fernanda Patrícia Aline Beatriz Inês Leonor Mariana "
        "Letícia Júlia Luíza Gabriela Conceição Vitória Larissa Tânia",
    ),
    "it": (
        "Rossi Russo Ferrari Esposito Bianchi Romano Colombo Ricci Marino Greco Bruno Gallo Conti De Luca Mancini "
        "Costa Giordano Rizzo Lombardi Moretti Barbieri Fontana Santoro Mariani Rinaldi Caruso Ferrara Galli Martini "
        "Leone Longo Gentile Martinelli Vitale Lombardo Serra Coppola De Santis D'Angelo Marchetti Parisi Villa Conte "
        "Ferraro Ferri Fabbri Bianco Marini Grasso Valentini Messina Sala De Angelis Gatti Pellegrini Palumbo Sanna "
        "Farina Rizzi Monti Cattaneo Morelli Amato Silvestri Mazza Testa Grassi Pellegrino Carbone Giuliani Benedetti "
        "Barone Rossetti Caputo Montanari Guerra Palmieri Bernardi Martino Fiore De Rosa Ferretti Bellini Basile "
        "Riva Donati Piras Vitali Battaglia Sartori Neri Costantini Milani Pagano Ruggiero Sorrentino D'Amico "
        "Orlando Damiani Negri Vocaturo Brunello Sonis",
        "Giuseppe Giovanni Antonio Mario Luigi Francesco Angelo Vincenzo Pietro Salvatore Carlo Franco Domenico "
        "Bruno Paolo Michele Giorgio Aldo Sergio Luciano Niccolò Nicolò Alessandro Lorenzo Andrea Matteo Leonardo "
        "Gabriele Riccardo Tommaso Edoardo Federico Daniele Fabiano",
        "Maria Anna Giuseppina Rosa Angela Giovanna Teresa Lucia Carmela Caterina Francesca Sofia Giulia Aurora "
        "Alice Ginevra Emma Giorgia Greta Beatrice Chiara Martina Elena Marina Olga",
    ),
    "pl": (
        "Nowak Kowalski Wiśniewski Wójcik Kowalczyk Kamiński Lewandowski Zieliński Szymański Woźniak Dąbrowski "
        "Kozłowski Jankowski Mazur Wojciechowski Kwiatkowski Krawczyk Kaczmarek Piotrowski Grabowski Zając Pawłowski "
        "Michalski Król Wieczorek Jabłoński Wróbel Nowakowski Majewski Olszewski Stępień Malinowski Jaworski Adamczyk "
        "Dudek Nowicki Pawlak Górski Witkowski Walczak Sikora Baran Rutkowski Michalak Szewczyk Ostrowski Tomaszewski "
        "Pietrzak Duda Zalewski Wróblewski Jasiński Marciniak Bąk Zawadzki Sadowski Jakubowski Wilk Chmielewski "
        "Włodarczyk Sobczak Czarnecki Sawicki Sokołowski Urbański Kubiak Maciejewski Szczepański Kucharski Wilczek "
        "Kalinowski Lis Mazurek Wysocki Adamski Kaźmierczak Wasilewski Sobczyk Czerwiński Andrzejewski Cieślak Duda "
        "Gajewski",
        "Łukasz Piotr Krzysztof Andrzej Tomasz Paweł Michał Marcin Jakub Adam Marek Grzegorz Jan Wojciech Mariusz "
        "Dariusz Zbigniew Jerzy Maciej Rafał Mateusz Kamil Bartosz Szymon Radosław Sławomir Przemysław Jarosław "
        "Mirosław Stanisław Józef Kacper Radosław",
        "Anna Maria Katarzyna Małgorzata Agnieszka Barbara Ewa Krystyna Elżbieta Zofia Joanna Magdalena Monika "
        "Beata Danuta Aleksandra Natalia Karolina Paulina Dominika Marta Alicja Oliwia Zuzanna Weronika Urszula "
        "Jolanta Grażyna Bożena Halina Iwona",
    ),
    "cz": (
        "Novák Svoboda Novotný Dvořák Černý Procházka Kučera Veselý Horák Němec Pokorný Marek Pospíšil Hájek Jelínek "
        "Král Růžička Beneš Fiala Sedláček Doležal Zeman Kolář Navrátil Čermák Vaněk Urban Blažek Kříž Kovář "
        "Kratochvíl Bartoš Vlček Polák Musil Kopecký Šimek Konečný Malý Holub Štěpánek Staněk Kadlec Dostál "
        "Soukup Šťastný Mareš Moravec Sýkora Tichý Valenta Vávra Matoušek Říha Bureš Ševčík "
        "Hrubý Mašek Pavlík Navara Laznička",
        "Jan Jiří Petr Josef Pavel Martin Tomáš Jaroslav Miroslav Zdeněk Václav Michal František Jakub Milan Karel "
        "Lukáš David Vojtěch Ondřej Matěj Radek Vladimír Luboš Stanislav Ľubomír Peter Marián Dušan",
        "Marie Jana Eva Hana Anna Lenka Kateřina Lucie Věra Alena Petra Veronika Jaroslava Tereza Martina Michaela "
        "Jitka Zuzana Ludmila Helena Ivana Barbora Kristýna Eliška Markéta",
    ),
    "yu": (
        "Jovanović Petrović Nikolić Marković Đorđević Stojanović Ilić Stanković Pavlović Milošević Popović Đukić "
        "Kovačević Horvat Kovačić Babić Marić Jurić Novak Knežević Vuković Matić Tomić Perić Kralj Pavić Šarić "
        "Radić Lukić Kos Zupan Krajnc Mlakar Kovač Hodžić Hadžić Begović Delić Mujić Ivanović Todorović Kostić "
        "Blagojević Savić Dimitrovski Stojanovski Nikolovski Ivanišević Šolak Indjić Predojević",
        "Marko Nikola Stefan Luka Milan Aleksandar Nenad Dragan Goran Zoran Dejan Miroslav Ivan Petar Vladimir Srđan "
        "Dušan Bojan Đorđe Mladen Željko Božidar Ante Tomislav Josip Matej Jure Emir Adnan Haris Igor Branko",
        "Ana Marija Milica Jelena Ivana Jovana Snežana Dragana Maja Tijana Sanja Mirjana Nataša Gordana Vesna Ljiljana "
        "Teodora Katarina Ema Lana Petra Lejla Amra Iva Laura",
    ),
    "ru": (
        "Ivanov Smirnov Kuznetsov Popov Vasiliev Petrov Sokolov Mikhailov Novikov Fedorov Morozov Volkov Alekseev "
        "Lebedev Semenov Egorov Pavlov Kozlov Stepanov Nikolaev Orlov Andreev Makarov Nikitin Zakharov Zaitsev "
        "Soloviev Borisov Yakovlev Grigoriev Romanov Vorobiev Sergeev Kuzmin Frolov Alexandrov Dmitriev Korolev "
        "Gusev Kiselev Ilyin Maksimov Polyakov Sorokin Vinogradov Kovalev Belov Medvedev Antonov Tarasov Zhukov "
        "Baranov Filippov Komarov Davydov Belyaev Gerasimov Bogdanov Osipov Sidorov Matveev Titov Markov Mironov "
        "Krylov Kulikov Karpov Vlasov Melnikov Denisov Gavrilov Tikhonov Kazakov Afanasiev Danilov Savelyev "
        "Timofeev Fomin Chernov Abramov Martynov Efimov Fedotov Shcherbakov Nazarov Kalinin Isaev Chernyshev "
        "Bykov Maslov Rodionov Konovalov Lazarev Voronin Klimov Filatov Ponomarev Golubev Kudryavtsev Prokhorov "
        "Naumov Potapov Zhuravlev Ovchinnikov Trofimov Leonov Sobolev Ermakov Kolesnikov Goncharov Emelyanov "
        "Nikiforov Grachev Kotov Grishin Efremov Arkhipov Gromov Kirillov Malyshev Panov Moiseev Rumyantsev "
        "Akimov Kondratiev Biryukov Gorbunov Anisimov Eremin Tikhomirov Galkin Lukyanov Mikheev Skvortsov Yudin "
        "Belousov Nesterov Simonov Prokofiev Kharitonov Knyazev Tsvetkov Levin Mitrofanov Voronov Aksenov Sofronov "
        "Maltsev Loginov Gorshkov Savin Krasnov Mayorov Demidov Eliseev Rybakov Safonov Plotnikov Demin Kondratyev "
        "Shevchenko Kovalenko Bondarenko Tkachenko Kravchenko Oliinyk Melnyk Moroz Lysenko Marchenko Rudenko "
        "Nepomniachtchi Grischuk Dubov Esipenko Ivanchuk Eljanov Abdusattorov Sindarov Yakubboev",
        "Alexander Sergey Dmitry Andrey Alexey Maxim Evgeny Ivan Mikhail Artem Nikolai Vladimir Denis Pavel Roman "
        "Igor Oleg Anton Kirill Nikita Ilya Yury Vadim Konstantin Ruslan Vitaly Viktor Vasily Timur Daniil Arseny "
        "Bogdan Taras Volodymyr Oleksandr Nodirbek Javokhir Vassily Peter Boris",
        "Elena Olga Tatiana Natalia Irina Svetlana Anna Maria Ekaterina Yulia Anastasia Marina Daria Valentina "
        "Galina Ludmila Alexandra Polina Kseniya Victoria Alina Oksana Nadezhda Vera Sofia Kateryna Mariya Bibisara",
    ),
    "nordic": (
        "Hansen Johansen Olsen Larsen Andersen Pedersen Nilsen Kristiansen Jensen Karlsen Johnsen Pettersen Eriksen "
        "Berg Haugen Hagen Johannessen Andreassen Jacobsen Dahl Jørgensen Halvorsen Henriksen Lund Sørensen Jakobsen "
        "Gundersen Moen Iversen Strand Solberg Svendsen Eide Knutsen Martinsen Paulsen Bakken Kristensen Mathisen "
        "Lie Amundsen Nguyen Rasmussen Ali Lunde Solheim Berge Moe Nygård Bakke Kristoffersen Fredriksen Holm "
        "Lien Andersson Johansson Karlsson Nilsson Eriksson Larsson Olsson Persson Svensson Gustafsson Pettersson "
        "Jonsson Jansson Hansson Bengtsson Jönsson Lindberg Lindström Lindqvist Lindgren Berglund Axelsson Bergström "
        "Lundberg Lundgren Lundqvist Mattsson Berggren Sandberg Forsberg Sjöberg Wallin Engström Eklund Danielsson "
        "Håkansson Lundin Björk Bergman Gunnarsson Holm Samuelsson Fransson Wikström Isaksson Nyström Holmberg "
        "Arvidsson Löfgren Söderberg Nyberg Blomqvist Claesson Mårtensson Nordström Østergaard Sørensen Højgaard "
        "Ødegaard Åkesson Korhonen Virtanen Mäkinen Nieminen Mäkelä Hämäläinen Laine Heikkinen Koskinen Järvinen "
        "Lehtonen Lehtinen Saarinen Salminen Heinonen Niemi Heikkilä Kinnunen Salonen Turunen Salo Laitinen "
        "Tuominen Rantanen Karjalainen Jokinen Mattila Savolainen Lahtinen Ahonen Tari Agdestein Hammer Gretarsson "
        "Stefánsson Ólafsson Þórhallsson Guðmundsson Hjartarson Jóhannesson",
        "Magnus Jon Ole Lars Knut Per Erik Anders Hans Tor Bjørn Kjetil Espen Aryan Johan Nils Karl Sven Jonas "
        "Mikael Mattias Björn Gustav Axel Oskar Henrik Mikko Juha Jukka Antti Timo Matti Ville Kari Jóhann Helgi "
        "Hjörvar Héðinn Jóhannes Ulf Jesper Søren Jens Niels Rasmus Mads Kåre Pål Øystein Frode Gisli",
        "Anne Inger Kari Marit Ingrid Liv Eva Berit Astrid Bjørg Hilde Anna Nina Ida Emma Nora Åse Sigrid Ragnhild "
        "Maria Elisabeth Kristina Karin Margareta Ingrid Linnea Elsa Maja Sanna Pia Jessica Tiina Päivi Minna "
        "Sari Johanna Guðrún Sigríður Lenka Line Mette Sofie Freja",
    ),
    "hu": (
        "Nagy Kovács Tóth Szabó Horváth Varga Kiss Molnár Németh Farkas Balogh Papp Takács Juhász Lakatos Mészáros "
        "Oláh Simon Rácz Fekete Szilágyi Török Fehér Balázs Gál Kis Szűcs Kocsis Orsós Pintér Fodor Szalai Sipos "
        "Magyar Lukács Gulyás Bíró Király Katona László Jakab Bogdán Balog Sándor Boros Fazekas Kelemen Antal "
        "Somogyi Orosz Fülöp Veres Budai Vincze Hegedűs Deák Pap Bálint Illés Pál Vörös Szőke Fábián Vass Berkes "
        "Lékó Almási Polgár Rapport Erdős Gyimesi Berczes Popescu Ionescu Popa Constantin Stan Dumitru Stoica "
        "Gheorghe Matei Ciobanu Rusu Lungu Nistor Lupu Sandu Munteanu Florea Nisipeanu Lupulescu Parligras",
        "László István József János Zoltán Sándor Gábor Ferenc Attila Péter Tamás Zsolt Tibor András Csaba Imre "
        "Lajos György Balázs Ádám Dániel Bence Máté Dávid Levente Richárd Mihai Andrei Ion Constantin Bogdan "
        "Alexandru Vlad Gheorghe Ştefan Răzvan Cristian",
        "Mária Erzsébet Katalin Éva Ilona Anna Zsuzsanna Margit Judit Ágnes Andrea Erika Krisztina Eszter Anikó "
        "Zsófia Réka Hanna Anna Luca Dóra Ioana Elena Andreea Alexandra Irina Cristina Mihaela Corina",
    ),
    "tr": (
        "Yılmaz Kaya Demir Şahin Çelik Yıldız Yıldırım Öztürk Aydın Özdemir Arslan Doğan Kılıç Aslan Çetin Kara "
        "Koç Kurt Özkan Şimşek Polat Özer Erdoğan Güneş Aksoy Tekin Çakır Bulut Yavuz Korkmaz Akın Güler Acar "
        "Esen Yücel Bozkurt Altun Ünal Uçar Tuncer Sönmez Keskin Mammadov Aliyev Hasanov Huseynov Guliyev "
        "Ismayilov Abasov Mamedyarov Radjabov Durarbayli Rustamov",
        "Mehmet Mustafa Ahmet Ali Hüseyin Hasan İbrahim İsmail Osman Yusuf Murat Ömer Ramazan Halil Süleyman "
        "Abdullah Mahmut Recep Salih Fatih Kadir Emre Burak Can Mert Yağız Ediz Emin Rauf Shakhriyar Teimour Vasif "
        "Nijat Aydin Eltaj Gadir",
        "Fatma Ayşe Emine Hatice Zeynep Elif Meryem Şerife Zehra Sultan Hanife Merve Özlem Büşra Gülşen Ekaterina "
        "Ecem Ilgın Betül Gunay Gulnar Khanim Ulviyya Govhar",
    ),
    "in": (
        "Kumar Singh Sharma Patel Reddy Rao Gupta Iyer Nair Menon Krishnan Das Ghosh Bose Chatterjee Banerjee "
        "Mukherjee Sen Pillai Naidu Joshi Kulkarni Deshpande Jain Shah Mehta Agarwal Verma Yadav Mishra Pandey "
        "Tiwari Chauhan Thakur Malhotra Kapoor Bhat Hegde Shetty Ganguly Arjun Gukesh Praggnanandhaa Vidit "
        "Harikrishna Sasikiran Narayanan Erigaisi Sarin Nihal Raunak Aravindh Karthikeyan Murali Aditya Hossain "
        "Rahman Ahmed Islam Chowdhury Uddin Ali Khan Fernando Perera Silva Jayasinghe Shrestha Tamang Gurung",
        "Rahul Amit Vijay Sanjay Rajesh Suresh Ramesh Arjun Aditya Rohan Vikram Anil Sunil Manoj Deepak Ravi Arun "
        "Krishna Srinath Abhijeet Vishnu Pranav Pranesh Raunak Leon Nihal Aryan Dommaraju Rameshbabu Viswanathan "
        "Santosh Ganesh Karthik Mohammed Ziaur Enamul",
        "Priya Anjali Pooja Neha Divya Sneha Kavya Lakshmi Deepa Meena Sunita Anita Geeta Rani Harika Humpy Vaishali "
        "Tania Bhakti Divya Vantika Savitha Padmini Eesha Soumya Nandhidhaa Rakshitta Shamima",
    ),
    "cn": (
        "Wang Li Zhang Liu Chen Yang Huang Zhao Wu Zhou Xu Sun Ma Zhu Hu Guo He Gao Lin Luo Zheng Liang Xie Song "
        "Tang Han Feng Deng Cao Peng Zeng Xiao Tian Dong Yuan Pan Cai Jiang Yu Du Ye Cheng Wei Su Lu Ding Ren "
        "Shen Yao Jin Fu Zhong Cui Tan Kim Lee Park Choi Jung Kang Cho Yoon Jang Lim Nguyen Tran Le Pham Hoang "
        "Vu Vo Dang Bui Do Ho Ngo Duong Ly Tanaka Suzuki Sato Takahashi Watanabe Ito Yamamoto Kobayashi Kato "
        "Yoshida Yamada Sasaki Yamaguchi Matsumoto Inoue Kimura Hayashi Shimizu Yamazaki Mori Abe Ikeda Hashimoto",
        "Wei Jun Lei Hao Yi Chao Tao Ming Jie Bin Yu Hua Ding Liren Xiangzhi Chao Yangyi Yi Minh Quang Liem Anh Son "
        "Duc Hiroshi Takashi Kenji Yuki Shota Sang-hoon Min-jun Ji-ho Hyun-woo",
        "Yifan Wenjun Jun Tingjie Zhongyi Xue Yue Lei Xiaoxiao Jiner Mei Ling Na Jing Fang Hong Yan Thao Linh "
        "Huong Lan Yuki Sakura Haruka Ji-yeon Seo-yeon Min-ji",
    ),
    "ir": (
        "Mohammadi Hosseini Ahmadi Rezaei Mousavi Karimi Hashemi Jafari Rahimi Sadeghi Moradi Ghasemi Ebrahimi "
        "Heidari Kazemi Zarei Rostami Akbari Salehi Nazari Firouzja Maghsoodloo Tabatabaei Ghaem Maghami Idani "
        "Amin Tabatabaei Mostafa Haddad Saleh Hassan Mahmoud Abdelrahman Ibrahim Mansour Khalil Nasser Youssef "
        "Al-Modiahki Al-Sayed Al-Hajiri Adly Amin Bassem El-Gindy",
        "Alireza Parham Amin Pouya Mohammad Reza Ali Hossein Mehdi Amir Saeed Hamid Ehsan Pouria Arash Bardia "
        "Mohamed Ahmed Mahmoud Omar Youssef Khaled Hassan Bassem Essam",
        "Sarasadat Mitra Atousa Ghazal Parnian Fatemeh Zahra Maryam Sara Mobina Shahenda Mona Nour Yasmin Amina "
        "Salma Sara Mariam Hala",
    ),
    "nl": (
        "de Jong Jansen de Vries van den Berg van Dijk Bakker Janssen Visser Smit Meijer de Boer Mulder de Groot "
        "Bos Vos Peters Hendriks van Leeuwen Dekker Brouwer de Wit Dijkstra Smits de Graaf van der Meer van der Linden "
        "Kok Jacobs de Haan Vermeulen van den Heuvel van der Veen van den Broek de Bruijn de Bruin van der Heijden "
        "Schouten van Beek Willems van Vliet van de Ven Hoekstra Maas Verhoeven Koster van Dam van der Wal Prins "
        "Blom Huisman Giri van Foreest Timman Sokolov l'Ami Tiviakov Warmerdam Goossens Claes Peeters Maes Jacobs",
        "Jan Johannes Hendrik Pieter Cornelis Willem Gerrit Jacobus Dirk Anish Jorden Erwin Loek Max Lucas Daan "
        "Sem Bram Thijs Ruud Sjoerd Jeroen Bart Koen Wout Benjamin Hans Jules",
        "Maria Johanna Anna Cornelia Elisabeth Wilhelmina Hendrika Geertruida Margaretha Eline Machteld Anne Fenna "
        "Sanne Lotte Iris Fleur Femke Roos Julia Tess Lieke Zoë Chantal",
    ),
}
# Which culture names a federation's players; federations not listed take a random culture.
_FED_CULTURE = {
    **dict.fromkeys(_words("GER AUT SUI LIE LUX"), "de"),
    **dict.fromkeys(_words("FRA MON BEL ALG MAR TUN SEN CIV CMR"), "fr"),
    **dict.fromkeys(
        _words("ESP ARG COL PER MEX CHI VEN ECU BOL PAR URU CUB DOM CRC PAN GUA HON ESA NCA PUR AND"), "es"
    ),
    **dict.fromkeys(_words("BRA POR ANG MOZ CPV STP"), "pt"),
    **dict.fromkeys(_words("ITA SMR MLT"), "it"),
    **dict.fromkeys(["POL"], "pl"),
    **dict.fromkeys(_words("CZE SVK"), "cz"),
    **dict.fromkeys(_words("SRB CRO SLO BIH MNE MKD KOS"), "yu"),
    **dict.fromkeys(_words("RUS BLR UKR KAZ UZB KGZ TJK TKM MDA GEO ARM LTU LAT EST"), "ru"),
    **dict.fromkeys(_words("NOR SWE DEN FIN ISL FAI"), "nordic"),
    **dict.fromkeys(_words("HUN ROU"), "hu"),
    **dict.fromkeys(_words("TUR AZE"), "tr"),
    **dict.fromkeys(_words("IND BAN SRI NEP PAK"), "in"),
    **dict.fromkeys(_words("CHN TPE HKG MAC SGP VIE KOR JPN MGL"), "cn"),
    **dict.fromkeys(_words("IRI AFG EGY IRQ SYR JOR LBN KSA UAE QAT KUW BRN OMA YEM LBA SUD PLE"), "ir"),
    **dict.fromkeys(["NED"], "nl"),
}
_OTHER_TITLES = ("NA", "NA", "NA", "FA", "FA", "IA", "IO", "NI", "FT", "FST", "DI", "FA,IO", "IA,IO", "NA,NI", "IA,FT")
_FOA_TITLES = ("ACM", "ACM", "ACM", "ACM", "AFM", "AFM", "AFM", "AIM", "AIM", "AGM")
_WOMEN_OF = {"GM": "WGM", "IM": "WIM", "FM": "WFM", "CM": "WCM"}
_SINGLE_NAMES = _words("Nakamura Sutrisno Susanto Wibowo Hartono Mulyadi Aung Soe Ngo Gunawan Suharto Kyaw")


def _latin1(text: str) -> str:
    """``text`` with the letters Latin-1 lacks written without their marks (ł → l, ş → s, ı → i, đ → d)."""
    out = []
    for char in text:
        if ord(char) < 256:
            out.append(char)
            continue
        plain = unicodedata.normalize("NFKD", char)[0]
        out.append({"ł": "l", "Ł": "L", "ı": "i", "đ": "d", "Đ": "D"}.get(char, plain if ord(plain) < 256 else "?"))
    return "".join(out)


_PLAIN = {"ø": "o", "Ø": "O", "ß": "ss", "æ": "ae", "Æ": "AE", "þ": "th", "Þ": "Th", "ð": "d", "Ð": "D"}


def _ascii(text: str) -> str:
    """``text`` in ASCII letters: marks dropped, ø → o, ß → ss, æ → ae."""
    text = "".join(_PLAIN.get(char, char) for char in _latin1(text))
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")


def _pool(words: str) -> list[str]:
    """Split a pool, joining name particles to the word after them ("de la Cruz", "van der Meer")."""
    names: list[str] = []
    prefix: list[str] = []
    for word in words.split():
        if word in ("de", "la", "del", "van", "den", "der", "von"):
            prefix.append(word)
        else:
            names.append(" ".join([*prefix, word]))
            prefix = []
    return names


@dataclasses.dataclass(frozen=True)
class _Names:
    family: list[str]
    male: list[str]
    female: list[str]


def _name_pools(letters: str) -> dict[str, _Names]:
    convert = _latin1 if letters == "latin-1" else str
    return {key: _Names(*([convert(n) for n in _pool(words)] for words in pools)) for key, pools in _CULTURES.items()}


def _female_family(family: str, culture: str) -> str:
    """The feminine form of a Slavic family name (Kowalski → Kowalska, Ivanov → Ivanova, Novák → Nováková)."""
    if culture == "pl":
        return family[:-1] + "a" if family.endswith(("ski", "cki", "dzki")) else family
    if culture == "ru":
        return family + "a" if family.endswith(("ov", "ev", "in", "yn")) else family
    if culture == "cz":
        if family.endswith(("ský", "cký", "ný", "rý", "lý", "tý", "vý", "ší")):
            return family[:-1] + "á"
        return family + "ová" if family[-1] not in "aeiouáéíýě" else family
    return family


def generate(players: int, seed: int = 1, *, letters: str = "latin-1") -> Iterator[Row]:
    """``players`` rows, the same for the same seed: the fixed rows first, then random players.

    ``letters`` is "latin-1" (names use Latin-1 letters only) or "utf-8" (also ł, ś, č, ğ, ő...);
    the choice changes only the spelling of some names, never the draws.
    """
    if letters not in ENCODINGS:
        raise ValueError(f"letters must be one of {ENCODINGS}, not {letters!r}")
    if players < 0:
        raise ValueError(f"players must be 0 or more, not {players}")
    yield from FIXED_ROWS[:players]
    remaining = players - len(FIXED_ROWS)
    if remaining <= 0:
        return
    rng = random.Random(seed)
    rand, gauss = rng.random, rng.gauss
    pools = _name_pools(letters)
    cultures = list(pools)
    fed_weights: list[float] = []
    total = 0.0
    for rank in range(len(_FEDS)):
        total += 1 / (rank + 4)
        fed_weights.append(total)
    if remaining > _MAX_ID - _MIN_ID:
        raise ValueError(f"at most {_MAX_ID - _MIN_ID} players")
    step = _ID_STEP
    fide_id = _MIN_ID
    for left in range(remaining, 0, -1):
        fide_id = min(fide_id + 1 + int(rand() * (2 * step - 1)), _MAX_ID - left + 1)
        while fide_id in _FIXED_IDS:
            fide_id += 1
        fed = _FEDS[bisect(fed_weights, rand() * total)]
        female = rand() < 0.12
        culture = _FED_CULTURE.get(fed) or cultures[int(rand() * len(cultures))]
        names = pools[culture]
        family = names.family[int(rand() * len(names.family))]
        if female:
            family = _female_family(family, culture)
        roll = rand()
        if roll < 0.004:
            name = _SINGLE_NAMES[int(rand() * len(_SINGLE_NAMES))]
        else:
            if roll < 0.02:  # a double family name
                second = names.family[int(rand() * len(names.family))]
                family = f"{family}-{second}" if second != family else family
            given_pool = names.female if female else names.male
            given = given_pool[int(rand() * len(given_pool))]
            if roll > 0.9998:
                given = f"{given} & {given_pool[int(rand() * len(given_pool))]}"
            name = f"{family}, {given}"[:60]
        if rand() < 0.45 and not name.isascii():  # as entered by many federations: no accents
            name = _ascii(name)
        birth: int | None = None if rand() < 0.03 else max(1930, 2020 - int(90 * rand() ** 1.6))

        roll = rand()
        srating = sgames = sk = None
        if roll < 0.35:
            srating = min(2850, 1400 + int(abs(gauss(0.0, 340.0))))
            sgames = 0 if rand() < 0.65 else 1 + int(rand() * 30)
            if srating >= 2400 or (srating >= 2300 and rand() < 0.05):
                sk = 10
            elif (birth is not None and birth >= 2008) or (sgames < 10 and rand() < 0.10):
                sk = 40
            else:
                sk = 20
        rrating, rgames, rk = _faster_kind(rng, srating, 0.6, 0.14, 80.0)
        brating, bgames, bk = _faster_kind(rng, rrating, 0.5, 0.07, 90.0)

        title = wtitle = ""
        best = max(srating or 0, rrating or 0, brating or 0)
        if best:
            title = _title(rand(), rand(), best + (150 if female else 0))
        elif rand() < 0.004:
            title = "CM" if rand() < 0.6 else "FM"
        if female and title:
            if title in ("GM", "IM") and best >= 2350:
                if rand() < 0.7:
                    wtitle = "WGM" if title == "GM" or rand() < 0.5 else "WIM"
            else:
                title = _WOMEN_OF[title]
        otitle = _OTHER_TITLES[int(rand() * len(_OTHER_TITLES))] if rand() < 0.01 else ""
        foa = _FOA_TITLES[int(rand() * len(_FOA_TITLES))] if rand() < 0.01 else ""
        inactive = rand() < 0.30
        flag = ("wi" if female else "i") if inactive else ("w" if female else "")
        yield Row(fide_id, name, fed, "F" if female else "M", title, wtitle, otitle, foa,
                  srating, sgames, sk, rrating, rgames, rk, brating, bgames, bk, birth, flag)  # fmt: skip


def _faster_kind(
    rng: random.Random, slower: int | None, if_rated: float, if_not: float, spread: float
) -> tuple[int | None, int | None, int | None]:
    """Rating, games and K in rapid (after standard) or blitz (after rapid): likelier for a player rated
    in the slower kind, and near that rating; K 20 for all, as FIDE's rapid and blitz lists give it."""
    if rng.random() >= (if_rated if slower else if_not):
        return None, None, None
    base = slower if slower is not None else 1400 + int(abs(rng.gauss(0.0, 300.0)))
    rating = max(1400, min(2850, base + int(rng.gauss(0.0, spread))))
    games = 0 if rng.random() < 0.7 else 1 + int(rng.random() * 30)
    return rating, games, 20


def _title(chance: float, which: float, rating: int) -> str:
    """An open title for a best rating of ``rating``, or "" (about 3 % of all players hold one)."""
    if rating < 1500 or chance > min(0.92, ((rating - 1500) / 1000) ** 2.5 + 0.004):
        return ""
    if rating >= 2500:
        return "GM" if which < 0.75 else "IM"
    if rating >= 2400:
        return "GM" if which < 0.2 else "IM" if which < 0.7 else "FM"
    if rating >= 2300:
        return "IM" if which < 0.3 else "FM" if which < 0.85 else "CM"
    if rating >= 2150:
        return "FM" if which < 0.6 else "CM"
    return "CM" if which < 0.85 else "FM"


def list_month(month: str) -> str:
    """The single lists' rating column label for a month "YYYY-MM": "2026-02" → "FEB26"."""
    match = re.fullmatch(r"(\d{4})-(\d{2})", month)
    if not match or not 1 <= int(match[2]) <= 12:
        raise ValueError(f"month must be YYYY-MM, not {month!r}")
    return f"{_MONTHS[int(match[2]) - 1]}{match[1][2:]}"


def _blank(value: int | None) -> int | str:
    return "" if value is None else value


def _txt_lines(rows: Iterator[Row], kind: str, month: str) -> Iterator[str]:
    """The lines of a TXT list, header first, each padded to full width and ended by CRLF."""
    if kind == "combined":
        yield COMBINED_HEADER + "\r\n"
        fmt = _COMBINED_FORMAT.format
        for r in rows:
            yield fmt(r.fide_id, r.name, r.fed, r.sex, r.title, r.wtitle, r.otitle, r.foa,
                      _blank(r.srating), _blank(r.sgames), _blank(r.sk), _blank(r.rrating), _blank(r.rgames),
                      _blank(r.rk), _blank(r.brating), _blank(r.bgames), _blank(r.bk), _blank(r.birth_year),
                      r.flag)  # fmt: skip
        return
    prefix = {"standard": "s", "rapid": "r", "blitz": "b"}[kind]
    yield SINGLE_HEADER.format(month=list_month(month)) + "\r\n"
    fmt = _SINGLE_FORMAT.format
    for r in rows:
        rating = getattr(r, f"{prefix}rating")
        if rating is not None:
            yield fmt(r.fide_id, r.name, r.fed, r.sex, r.title, r.wtitle, r.otitle, r.foa, rating,
                      _blank(getattr(r, f"{prefix}games")), _blank(getattr(r, f"{prefix}k")), _blank(r.birth_year),
                      r.flag)  # fmt: skip


def _write_member(path: Path, member: str, lines: Iterator[str], encoding: str, size_hint: int, month: str) -> int:
    """Stream ``lines`` into ``member`` (dated the 1st of ``month``) of a new zip at ``path``; the lines written."""
    count = 0
    info = zipfile.ZipInfo(member, date_time=(int(month[:4]), int(month[5:7]), 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_DEFLATED  # zlib's level 6: 1.7 M players in 43 MB (level 1: 53 MB, 15 % faster)
    with (
        zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive,
        archive.open(info, "w", force_zip64=size_hint > 2**31 - 2**24) as raw,
        io.TextIOWrapper(cast(BinaryIO, raw), encoding=encoding, newline="") as text,
    ):
        chunk: list[str] = []
        for line in lines:
            chunk.append(line)
            if len(chunk) == 20_000:
                text.write("".join(chunk))
                count += len(chunk)
                chunk.clear()
        text.write("".join(chunk))
        count += len(chunk)
    return count


def _write_txt(path: Path, players: int, *, seed: int, kind: str, month: str, encoding: str) -> int:
    if kind not in MEMBERS:
        raise ValueError(f"kind must be one of {tuple(MEMBERS)}, not {kind!r}")
    if encoding not in ENCODINGS:
        raise ValueError(f"encoding must be one of {ENCODINGS}, not {encoding!r}")
    list_month(month)  # a bad month fails here, before the zip exists
    lines = _txt_lines(generate(players, seed, letters=encoding), kind, month)
    return _write_member(path, MEMBERS[kind], lines, encoding, players * 170, month) - 1


def write_txt(
    path: Path,
    players: int,
    *,
    seed: int = 1,
    kind: str = "combined",
    month: str = "2026-11",
    encoding: str = "latin-1",
) -> None:
    """A zip at ``path`` holding the TXT list of ``kind`` ("combined", "standard", "rapid" or "blitz")
    under FIDE's member name. A single list holds only the players rated in its kind."""
    _write_txt(path, players, seed=seed, kind=kind, month=month, encoding=encoding)


_XML_TAGS = (
    "fideid", "name", "country", "sex", "title", "w_title", "o_title", "foa_title", "rating", "games", "k",
    "rapid_rating", "rapid_games", "rapid_k", "blitz_rating", "blitz_games", "blitz_k", "birthday", "flag",
)  # fmt: skip
_XML_FORMAT = "<player>" + "".join(f"<{tag}>{{{i}}}</{tag}>" for i, tag in enumerate(_XML_TAGS)) + "</player>\n"


def _xml_lines(rows: Iterator[Row]) -> Iterator[str]:
    yield '<?xml version="1.0" encoding="UTF-8"?>\n<playerslist>\n'
    fmt = _XML_FORMAT.format
    for r in rows:
        yield fmt(r.fide_id, escape(r.name), r.fed, r.sex, r.title, r.wtitle, r.otitle, r.foa,
                  _blank(r.srating), _blank(r.sgames), _blank(r.sk), _blank(r.rrating), _blank(r.rgames),
                  _blank(r.rk), _blank(r.brating), _blank(r.bgames), _blank(r.bk), _blank(r.birth_year),
                  r.flag)  # fmt: skip
    yield "</playerslist>\n"


def write_xml(path: Path, players: int, *, seed: int = 1, letters: str = "latin-1", month: str = "2026-11") -> None:
    """A zip at ``path`` holding the combined list as ``players_list_xml_foa.xml`` (UTF-8), one
    ``<player>`` a line. ``letters`` as for ``generate``: the default gives the names of ``write_txt``."""
    list_month(month)
    rows = generate(players, seed, letters=letters)
    _write_member(path, XML_MEMBER, _xml_lines(rows), "utf-8", players * 520, month)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, required=True, help="rows in the combined list")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--kind", choices=tuple(MEMBERS), default="combined", help="TXT list to write")
    parser.add_argument("--month", default="2026-11", help="list month YYYY-MM (the single lists' column label)")
    parser.add_argument("--encoding", choices=ENCODINGS, default="latin-1", help="TXT encoding (XML: name letters)")
    parser.add_argument("--xml", action="store_true", help="write players_list_xml.zip instead of a TXT list")
    parser.add_argument("--out", type=Path, help="zip to write (default: FIDE's zip name, here)")
    args = parser.parse_args(argv)
    if args.players < 0:
        parser.error("--players must be 0 or more")
    try:
        list_month(args.month)
    except ValueError as error:
        parser.error(str(error))
    if args.xml:
        out = args.out or Path(XML_ZIP_NAME)
        write_xml(out, args.players, seed=args.seed, letters=args.encoding, month=args.month)
        count = args.players
    else:
        out = args.out or Path(ZIP_NAMES[args.kind])
        count = _write_txt(out, args.players, seed=args.seed, kind=args.kind, month=args.month, encoding=args.encoding)
    print(f"{out}: {count} players")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
